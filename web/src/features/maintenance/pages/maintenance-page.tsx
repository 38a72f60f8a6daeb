import { Building, CloudOff, Plus, RefreshCw, Trash, Wrench } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { useSites } from '@/api/sites/get-sites';
import type { AppFunction, Site } from '@/api/types';
import { RecordList, RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteFunction } from '../api/delete-function';
import { useAppFunctions } from '../api/get-functions';
import { useSetSiteMaintenance } from '../api/set-site-maintenance';
import { useSetFunctionMaintenance } from '../api/update-function';
import { CreateFunctionDialog } from '../components/create-function-dialog';
import { SITE_WIDE } from '../components/feature-gates';
import { MaintenanceMessageDialog } from '../components/maintenance-message-dialog';
import './maintenance-page.css';

const WHEN_FORMAT = 'MMM d, yyyy, h:mm a';
/** A maintenance time, or Never (spec 02 §2). */
export const when = (value: string | null | undefined) => formatDate(value, WHEN_FORMAT) || 'Never';

/** The browser confirmation before a function is deleted (spec 02 §2). */
export const deleteFunctionQuestion = (fn: Pick<AppFunction, 'displayName'>) =>
  `Are you sure you want to delete the function "${fn.displayName}"? This cannot be undone.`;

type Pending = { kind: 'function'; item: AppFunction } | { kind: 'site'; item: Site };

function ListSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="maintenance-skeleton">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={64} />
      ))}
    </LoadingRegion>
  );
}

function LoadError({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <EmptyState
      compact
      icon={<CloudOff size={22} />}
      title={title}
      action={
        <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={retry}>
          Try again
        </Button>
      }
    >
      {getErrorMessage(error, 'Please try again later.')}
    </EmptyState>
  );
}

function MaintenanceBadge({ on }: { on: boolean | undefined }) {
  return on ? <Badge tone="amber">In maintenance</Badge> : <Badge tone="green">Operational</Badge>;
}

/**
 * MaintenancePage (/admin/maintenance, superadmins): the application functions with their
 * last maintenance start and end, and the sites. Switching maintenance on asks for a message
 * first; switching it off is immediate. Functions can be created and deleted (a browser
 * confirmation first). Others are stopped by the route's Access Denied.
 */
export function MaintenancePage() {
  useDocumentTitle('Maintenance Mode');
  const functions = useAppFunctions();
  const sites = useSites();
  const setFunction = useSetFunctionMaintenance();
  const setSite = useSetSiteMaintenance();
  const removeFunction = useDeleteFunction();
  const { toast } = useToast();
  const [asking, setAsking] = useState<Pending | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const switchTo = async (target: Pending, on: boolean, message: string) => {
    const name = target.kind === 'function' ? target.item.displayName : target.item.name;
    setBusy(`${target.kind}-${target.item.id}`);
    try {
      if (target.kind === 'function') await setFunction.trigger({ id: target.item.id, maintenanceMode: on, message });
      else await setSite.trigger({ id: target.item.id, maintenanceMode: on, message });
      toast({
        title: on ? 'Maintenance enabled' : 'Maintenance disabled',
        description: on ? `${name} is now in maintenance.` : `${name} is available again.`,
        variant: 'success',
      });
      setAsking(null);
    } catch (error) {
      toast({
        title: 'Failed to update maintenance mode',
        description: getErrorMessage(error, 'The maintenance mode could not be changed. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const toggle = (target: Pending, on: boolean) => {
    if (on) setAsking(target);
    else void switchTo(target, false, '');
  };

  const remove = async (fn: AppFunction) => {
    if (!window.confirm(deleteFunctionQuestion(fn))) return;
    setBusy(`delete-${fn.id}`);
    try {
      await removeFunction.trigger(fn.id);
      toast({ title: 'Function deleted', description: `${fn.displayName} was deleted.`, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to delete function',
        description: getErrorMessage(error, 'The function could not be deleted. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  let functionList;
  if (functions.isLoading) functionList = <ListSkeleton label="Loading application functions…" />;
  else if (functions.error) {
    functionList = (
      <LoadError title="Failed to load application functions" error={functions.error} retry={() => void functions.mutate()} />
    );
  } else if (!functions.data?.length) {
    functionList = (
      <EmptyState compact icon={<Wrench size={22} />} title="No functions yet">
        Create a function to put one area of Garden in maintenance on its own.
      </EmptyState>
    );
  } else {
    functionList = (
      <RecordList label="Application functions">
        {functions.data.map((fn) => (
          <RecordRow
            key={fn.id}
            label={fn.displayName}
            title={fn.displayName}
            icon={<Wrench size={18} />}
            iconClassName={fn.maintenanceMode ? 'maintenance-icon--on' : undefined}
            badges={
              <>
                <code className="maintenance-code">{fn.name}</code>
                <MaintenanceBadge on={fn.maintenanceMode} />
              </>
            }
            actions={
              <>
                <Switch
                  label="Maintenance"
                  aria-label={`Maintenance for ${fn.displayName}`}
                  checked={fn.maintenanceMode}
                  disabled={busy !== null}
                  onCheckedChange={(on) => toggle({ kind: 'function', item: fn }, on)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="maintenance-delete"
                  icon={<Trash size={15} aria-hidden="true" />}
                  aria-label={`Delete ${fn.displayName}`}
                  title={fn.name === SITE_WIDE ? 'The site_wide function cannot be deleted' : undefined}
                  disabled={fn.name === SITE_WIDE || busy !== null}
                  loading={busy === `delete-${fn.id}`}
                  onClick={() => void remove(fn)}
                >
                  Delete
                </Button>
              </>
            }
          >
            {fn.description ? <p>{fn.description}</p> : null}
            {fn.maintenanceMode && fn.maintenanceMessage ? (
              <p className="maintenance-message">“{fn.maintenanceMessage}”</p>
            ) : null}
            <RecordMeta
              items={[
                { label: 'Last start', value: when(fn.lastMaintenanceStart) },
                { label: 'Last end', value: when(fn.lastMaintenanceEnd) },
              ]}
            />
          </RecordRow>
        ))}
      </RecordList>
    );
  }

  let siteList;
  if (sites.isLoading) siteList = <ListSkeleton label="Loading sites…" />;
  else if (sites.error) siteList = <LoadError title="Failed to load sites" error={sites.error} retry={() => void sites.mutate()} />;
  else if (!sites.data?.length) {
    siteList = (
      <EmptyState compact icon={<Building size={22} />} title="No sites yet">
        Sites created on the Sites page can be put in maintenance here.
      </EmptyState>
    );
  } else {
    siteList = (
      <RecordList label="Sites">
        {sites.data.map((site) => (
          <RecordRow
            key={site.id}
            label={site.name}
            title={site.name}
            icon={<Building size={18} />}
            iconClassName={site.maintenanceMode ? 'maintenance-icon--on' : undefined}
            badges={
              <>
                <MaintenanceBadge on={site.maintenanceMode} />
                {site.status === 'inactive' ? <Badge tone="neutral">Inactive</Badge> : null}
              </>
            }
            actions={
              <Switch
                label="Maintenance"
                aria-label={`Maintenance for ${site.name}`}
                checked={Boolean(site.maintenanceMode)}
                disabled={busy !== null}
                onCheckedChange={(on) => toggle({ kind: 'site', item: site }, on)}
              />
            }
          >
            {site.maintenanceMode && site.maintenanceMessage ? (
              <p className="maintenance-message">“{site.maintenanceMessage}”</p>
            ) : null}
            <RecordMeta
              items={[
                { label: 'Last start', value: when(site.maintenanceStartedAt) },
                { label: 'Last end', value: when(site.maintenanceEndedAt) },
              ]}
            />
          </RecordRow>
        ))}
      </RecordList>
    );
  }

  const askingName = asking ? (asking.kind === 'function' ? asking.item.displayName : asking.item.name) : null;

  return (
    <div className="maintenance-page">
      <PageHeader
        eyebrow="Administration"
        title="Maintenance Mode"
        description="Put one area of Garden, or a whole site, in maintenance. Gardeners see a notice and cannot make changes there; superadmins can continue."
      />
      <Card aria-labelledby="maintenance-functions-title">
        <CardHeader
          icon={<Wrench size={18} />}
          title={<span id="maintenance-functions-title">Application Functions</span>}
          description="Areas that can be put in maintenance on their own."
          actions={
            <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
              Create Function
            </Button>
          }
        />
        <CardBody>{functionList}</CardBody>
      </Card>
      <Card aria-labelledby="maintenance-sites-title">
        <CardHeader
          icon={<Building size={18} />}
          title={<span id="maintenance-sites-title">Sites</span>}
          description="A site in maintenance stops its own users only."
        />
        <CardBody>{siteList}</CardBody>
      </Card>
      <MaintenanceMessageDialog
        key={asking ? `${asking.kind}-${asking.item.id}` : 'closed'}
        target={askingName}
        pending={busy !== null}
        onCancel={() => setAsking(null)}
        onConfirm={(message) => asking && void switchTo(asking, true, message)}
      />
      <CreateFunctionDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
