import { Building, Plus, Trash, Wrench } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { urls } from '@/api/keys';
import type { AppFunction, Site } from '@/api/types';
import { useSearchedList } from '@/api/use-searched-list';
import { RecordList, RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ListStates, PagedListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { SearchCard } from '@/components/ui/search-card';
import { Segmented } from '@/components/ui/segmented';
import { Switch } from '@/components/ui/switch';
import { useToastedAction } from '@/components/ui/toasted-action';
import { formatDate } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteFunction } from '../api/delete-function';
import { useAppFunctions } from '../api/get-functions';
import { useMaintenanceStatus } from '../api/get-maintenance-status';
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

function MaintenanceBadge({ on }: { on: boolean | undefined }) {
  return on ? <Badge tone="amber">In maintenance</Badge> : <Badge tone="green">Operational</Badge>;
}

/**
 * MaintenanceRow is a function or a site in the lists: its maintenance badge and switch, the
 * message while it is on, and the last start and end.
 */
function MaintenanceRow({
  name,
  icon,
  on,
  badges,
  actions,
  message,
  start,
  end,
  children,
}: {
  name: string;
  icon: ReactNode;
  on: boolean | undefined;
  badges?: ReactNode;
  actions: ReactNode;
  message: string | null | undefined;
  start: string | null | undefined;
  end: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <RecordRow
      label={name}
      title={name}
      icon={icon}
      iconClassName={on ? 'maintenance-icon--on' : undefined}
      badges={
        <>
          {badges}
          <MaintenanceBadge on={on} />
        </>
      }
      actions={actions}
    >
      {children}
      {on && message ? <p className="maintenance-message">“{message}”</p> : null}
      <RecordMeta
        items={[
          { label: 'Last start', value: when(start) },
          { label: 'Last end', value: when(end) },
        ]}
      />
    </RecordRow>
  );
}

type SiteFilter = 'all' | 'maintenance';
const SITE_FILTERS: ComponentProps<typeof Segmented<SiteFilter>>['options'] = [
  { value: 'all', label: 'All sites' },
  { value: 'maintenance', label: 'In maintenance' },
];

/** sitesSummary: the card's sentence with how many sites are in maintenance (the status counts them on the server). */
function sitesSummary(count: number | undefined): string {
  const base = 'A site in maintenance stops its own users only.';
  if (count === undefined) return base;
  return `${base} ${count === 0 ? 'None is' : count === 1 ? '1 site is' : `${count} sites are`} in maintenance now.`;
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
  const status = useMaintenanceStatus();
  const [filter, setFilter] = useState<SiteFilter>('all');
  const { search, setSearch, query, list: sites } = useSearchedList<Site>((q) =>
    urls.sitesQuery({ q, maintenance: filter === 'maintenance' ? 'true' : undefined }),
  );
  const setFunction = useSetFunctionMaintenance();
  const setSite = useSetSiteMaintenance();
  const removeFunction = useDeleteFunction();
  const runAction = useToastedAction();
  const [asking, setAsking] = useState<Pending | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const switchTo = async (target: Pending, on: boolean, message: string) => {
    const name = target.kind === 'function' ? target.item.displayName : target.item.name;
    setBusy(`${target.kind}-${target.item.id}`);
    const done = await runAction(
      async () => {
        if (target.kind === 'function') await setFunction.trigger({ id: target.item.id, maintenanceMode: on, message });
        else await setSite.trigger({ id: target.item.id, maintenanceMode: on, message });
        return {
          title: on ? 'Maintenance enabled' : 'Maintenance disabled',
          description: on ? `${name} is now in maintenance.` : `${name} is available again.`,
          variant: 'success',
        };
      },
      { title: 'Failed to update maintenance mode', fallback: 'The maintenance mode could not be changed. Please try again.' },
    );
    if (done) setAsking(null);
    setBusy(null);
  };

  const toggle = (target: Pending, on: boolean) => {
    if (on) setAsking(target);
    else void switchTo(target, false, '');
  };

  const remove = async (fn: AppFunction) => {
    if (!window.confirm(deleteFunctionQuestion(fn))) return;
    setBusy(`delete-${fn.id}`);
    await runAction(
      async () => {
        await removeFunction.trigger(fn.id);
        return { title: 'Function deleted', description: `${fn.displayName} was deleted.`, variant: 'success' };
      },
      { title: 'Failed to delete function', fallback: 'The function could not be deleted. Please try again.' },
    );
    setBusy(null);
  };

  const functionList = (
    <ListStates
      query={functions}
      isEmpty={!functions.data?.length}
      compact
      loading={{ label: 'Loading application functions…', rows: 4, height: 64, className: 'maintenance-skeleton' }}
      errorTitle="Failed to load application functions"
      empty={{ icon: <Wrench size={22} />, title: 'No functions yet', text: 'Create a function to put one area of Garden in maintenance on its own.' }}
    >
      <RecordList label="Application functions">
        {(functions.data ?? []).map((fn) => (
          <MaintenanceRow
            key={fn.id}
            name={fn.displayName}
            icon={<Wrench size={18} />}
            on={fn.maintenanceMode}
            badges={<code className="maintenance-code">{fn.name}</code>}
            message={fn.maintenanceMessage}
            start={fn.lastMaintenanceStart}
            end={fn.lastMaintenanceEnd}
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
          </MaintenanceRow>
        ))}
      </RecordList>
    </ListStates>
  );

  const siteList = (
    <PagedListStates
      list={sites}
      filtered={query !== '' || filter !== 'all'}
      compact
      loading={{ label: 'Loading sites…', rows: 4, height: 64, className: 'maintenance-skeleton' }}
      errorTitle="Failed to load sites"
      empty={{ icon: <Building size={22} />, title: 'No sites yet', text: 'Sites created on the Sites page can be put in maintenance here.' }}
      noResultsState={{
        text: query ? `No site matches “${query}”.` : 'No site is in maintenance.',
        onClear: () => {
          setSearch('');
          setFilter('all');
        },
        clearLabel: 'Show all sites',
      }}
    >
      <RecordList label="Sites">
        {sites.items.map((site) => (
          <MaintenanceRow
            key={site.id}
            name={site.name}
            icon={<Building size={18} />}
            on={site.maintenanceMode}
            badges={site.status === 'inactive' ? <Badge tone="neutral">Inactive</Badge> : null}
            message={site.maintenanceMessage}
            start={site.maintenanceStartedAt}
            end={site.maintenanceEndedAt}
            actions={
              <Switch
                label="Maintenance"
                aria-label={`Maintenance for ${site.name}`}
                checked={Boolean(site.maintenanceMode)}
                disabled={busy !== null}
                onCheckedChange={(on) => toggle({ kind: 'site', item: site }, on)}
              />
            }
          />
        ))}
      </RecordList>
    </PagedListStates>
  );

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
      <SearchCard
        id="maintenance-sites-title"
        icon={<Building size={18} />}
        title="Sites"
        description={sitesSummary(status.data ? (status.data.sitesInMaintenanceCount ?? status.data.sitesInMaintenance.length) : undefined)}
        actions={<Segmented label="Show" options={SITE_FILTERS} value={filter} onChange={setFilter} />}
        search={{ label: 'Search sites', placeholder: 'Name, city, country or e-mail', value: search, onChange: setSearch }}
      >
        {siteList}
      </SearchCard>
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
