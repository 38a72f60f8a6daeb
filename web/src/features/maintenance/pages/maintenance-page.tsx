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
import { formatDate, localDate, parseDate } from '@/lib/dates';
import { currentLocale, t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteFunction } from '../api/delete-function';
import { useAppFunctions } from '../api/get-functions';
import { useMaintenanceStatus } from '../api/get-maintenance-status';
import { useSetSiteMaintenance } from '../api/set-site-maintenance';
import { useSetFunctionMaintenance } from '../api/update-function';
import { CreateFunctionDialog } from '../components/create-function-dialog';
import { SITE_WIDE } from '../components/feature-gates';
import { functionTexts } from '../components/seeded-functions';
import { MaintenanceMessageDialog } from '../components/maintenance-message-dialog';
import './maintenance-page.css';

const WHEN_FORMAT = 'MMM d, yyyy, h:mm a';
const WHEN_INTL: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };

/** whenText: a maintenance time, "Nov 3, 2026, 2:05 PM" in English, else the language's own date and time. */
function whenText(value: string | null | undefined): string {
  if (currentLocale() === 'en') return formatDate(value, WHEN_FORMAT);
  const date = parseDate(value ?? null);
  return date ? localDate(date, WHEN_INTL) : '';
}

/** A maintenance time, or Never (spec 02 §2). */
export const when = (value: string | null | undefined) => whenText(value) || translate('admin.never');

/** The browser confirmation before a function is deleted (spec 02 §2). */
export const deleteFunctionQuestion = (fn: Pick<AppFunction, 'displayName'>) =>
  translate('admin.maintenance.deleteQuestion', { name: fn.displayName });

type Pending = { kind: 'function'; item: AppFunction } | { kind: 'site'; item: Site };

function MaintenanceBadge({ on }: { on: boolean | undefined }) {
  const t = useT();
  return on ? <Badge tone="amber">{t('admin.maintenance.inMaintenance')}</Badge> : <Badge tone="green">{t('admin.maintenance.operational')}</Badge>;
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
  const t = useT();
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
          { label: t('admin.maintenance.lastStart'), value: when(start) },
          { label: t('admin.maintenance.lastEnd'), value: when(end) },
        ]}
      />
    </RecordRow>
  );
}

type SiteFilter = 'all' | 'maintenance';
const siteFilters = (): ComponentProps<typeof Segmented<SiteFilter>>['options'] => [
  { value: 'all', label: translate('admin.allSites') },
  { value: 'maintenance', label: translate('admin.maintenance.inMaintenance') },
];

/** sitesSummary: the card's sentence with how many sites are in maintenance (the status counts them on the server). */
function sitesSummary(count: number | undefined): string {
  const base = translate('admin.maintenance.sitesText');
  if (count === undefined) return base;
  return `${base} ${translate('admin.maintenance.sitesNow', { count })}`;
}

/**
 * MaintenancePage (/admin/maintenance, superadmins): the application functions with their
 * last maintenance start and end, and the sites. Switching maintenance on asks for a message
 * first; switching it off is immediate. Functions can be created and deleted (a browser
 * confirmation first). Others are stopped by the route's Access Denied.
 */
export function MaintenancePage() {
  const t = useT();
  useDocumentTitle(t('nav.maintenanceMode'));
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
          title: on ? t('admin.maintenance.enabled') : t('admin.maintenance.disabled'),
          description: on ? t('admin.maintenance.enabledText', { name }) : t('admin.maintenance.disabledText', { name }),
          variant: 'success',
        };
      },
      { title: t('admin.maintenance.updateFailed'), fallback: t('admin.maintenance.updateFailedText') },
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
        return { title: t('admin.maintenance.deleted'), description: t('admin.deletedText', { name: fn.displayName }), variant: 'success' };
      },
      { title: t('admin.maintenance.deleteFailed'), fallback: t('admin.maintenance.deleteFailedText') },
    );
    setBusy(null);
  };

  const functionList = (
    <ListStates
      query={functions}
      isEmpty={!functions.data?.length}
      compact
      loading={{ label: t('admin.maintenance.loadingFunctions'), rows: 4, height: 64, className: 'maintenance-skeleton' }}
      errorTitle={t('admin.maintenance.functionsFailed')}
      empty={{ icon: <Wrench size={22} />, title: t('admin.maintenance.noFunctions'), text: t('admin.maintenance.noFunctionsText') }}
    >
      <RecordList label={t('admin.maintenance.functionsLabel')}>
        {(functions.data ?? []).map((raw) => ({ ...raw, ...functionTexts(raw) })).map((fn) => (
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
                  label={t('admin.maintenanceLabel')}
                  aria-label={t('admin.maintenance.switchLabel', { name: fn.displayName })}
                  checked={fn.maintenanceMode}
                  disabled={busy !== null}
                  onCheckedChange={(on) => toggle({ kind: 'function', item: fn }, on)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="maintenance-delete"
                  icon={<Trash size={15} aria-hidden="true" />}
                  aria-label={t('admin.maintenance.deleteLabel', { name: fn.displayName })}
                  title={fn.name === SITE_WIDE ? t('admin.maintenance.siteWideNoDelete') : undefined}
                  disabled={fn.name === SITE_WIDE || busy !== null}
                  loading={busy === `delete-${fn.id}`}
                  onClick={() => void remove(fn)}
                >
                  {t('admin.delete')}
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
      loading={{ label: t('admin.sites.loading'), rows: 4, height: 64, className: 'maintenance-skeleton' }}
      errorTitle={t('admin.sites.loadFailed')}
      empty={{ icon: <Building size={22} />, title: t('admin.sites.none'), text: t('admin.maintenance.noSitesText') }}
      noResultsState={{
        text: query ? t('admin.sites.noMatch', { query }) : t('admin.maintenance.noSiteInMaintenance'),
        onClear: () => {
          setSearch('');
          setFilter('all');
        },
        clearLabel: t('admin.maintenance.showAllSites'),
      }}
    >
      <RecordList label={t('nav.sites')}>
        {sites.items.map((site) => (
          <MaintenanceRow
            key={site.id}
            name={site.name}
            icon={<Building size={18} />}
            on={site.maintenanceMode}
            badges={site.status === 'inactive' ? <Badge tone="neutral">{t('admin.inactive')}</Badge> : null}
            message={site.maintenanceMessage}
            start={site.maintenanceStartedAt}
            end={site.maintenanceEndedAt}
            actions={
              <Switch
                label={t('admin.maintenanceLabel')}
                aria-label={t('admin.maintenance.switchLabel', { name: site.name })}
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
        eyebrow={t('nav.group.admin')}
        title={t('nav.maintenanceMode')}
        description={t('admin.maintenance.text')}
      />
      <Card aria-labelledby="maintenance-functions-title">
        <CardHeader
          icon={<Wrench size={18} />}
          title={<span id="maintenance-functions-title">{t('admin.maintenance.functions')}</span>}
          description={t('admin.maintenance.functionsText')}
          actions={
            <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
              {t('admin.maintenance.create')}
            </Button>
          }
        />
        <CardBody>{functionList}</CardBody>
      </Card>
      <SearchCard
        id="maintenance-sites-title"
        icon={<Building size={18} />}
        title={t('nav.sites')}
        description={sitesSummary(status.data ? (status.data.sitesInMaintenanceCount ?? status.data.sitesInMaintenance.length) : undefined)}
        actions={<Segmented label={t('admin.maintenance.show')} options={siteFilters()} value={filter} onChange={setFilter} />}
        search={{ label: t('shared.serverPicker.searchSites'), placeholder: t('admin.sites.searchHint'), value: search, onChange: setSearch }}
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
