import { BarChart3, CalendarDays, Download, LineChart, List, Plus, Wheat } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { usePlants } from '@/api/plants/get-plants';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { SearchToolbar } from '@/components/ui/search-field';
import { PagedListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';
import { downloadHarvestsCsv } from '../api/export-harvests';
import { useHarvests, useHarvestStats } from '../api/get-harvests';
import { PERIODS, type HarvestFilters, type HarvestPeriod } from '../api/types';
import { monthFromParam, monthParam } from '../components/calendar-data';
import { HarvestCalendar } from '../components/harvest-calendar';
import { HarvestCard } from '../components/harvest-card';
import { HarvestStatsSheet } from '../components/harvest-stats-sheet';
import './harvest-tracking-page.css';

// recharts is loaded with the Charts tab only.
const HarvestCharts = lazy(() => import('../components/harvest-charts'));

type View = 'list' | 'calendar' | 'charts';
const VIEWS: readonly { value: View; label: MessageKey; icon: ReactNode }[] = [
  { value: 'list', label: 'harvests.view.list', icon: <List size={16} aria-hidden="true" /> },
  { value: 'calendar', label: 'harvests.view.calendar', icon: <CalendarDays size={16} aria-hidden="true" /> },
  { value: 'charts', label: 'harvests.view.charts', icon: <LineChart size={16} aria-hidden="true" /> },
];

const isPeriod = (v: string | null): v is HarvestPeriod => PERIODS.some((p) => p.value === v);

function ChartsTab({ filters }: { filters: HarvestFilters }) {
  const t = useT();
  const stats = useHarvestStats(filters);
  if (stats.isLoading) return <Skeleton height={300} />;
  if (stats.error || !stats.data) {
    return (
      <p className="harvest-charts__empty" role="alert">
        {getErrorMessage(stats.error, t('harvests.stats.loadFailed'))}
      </p>
    );
  }
  return (
    <Suspense fallback={<Skeleton height={300} />}>
      <HarvestCharts stats={stats.data} />
    </Suspense>
  );
}

/**
 * HarvestTrackingPage (/planning/harvest-tracking, spec 02 §2): the gardener's harvest
 * records with search, plant and time period filters, as a list (default), a month
 * calendar or charts; View Stats opens the stats sheet; Download CSV exports the filtered
 * records. Filters, view and month live in the URL, so a reload or a shared link keeps them.
 */
export function HarvestTrackingPage() {
  const t = useT();
  useDocumentTitle(t('nav.harvestTracking'));
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const plants = usePlants();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search, 300);
  const plantId = /^\d+$/.test(params.get('plantId') ?? '') ? params.get('plantId')! : '';
  const period: HarvestPeriod = isPeriod(params.get('period')) ? (params.get('period') as HarvestPeriod) : 'all';
  const view: View = VIEWS.some((v) => v.value === params.get('view')) ? (params.get('view') as View) : 'list';
  const month = monthFromParam(params.get('month'));
  const filters: HarvestFilters = useMemo(() => ({ q, plantId, period }), [q, plantId, period]);
  const list = useHarvests(filters);
  const [statsOpen, setStatsOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const setParam = (name: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  // Clear Filters empties the URL itself. The debounced search catches up a moment later, and
  // React Router may render that before the clearing navigation has landed: writing q then
  // would put back the old plant and period too, so the first write after a clear is skipped.
  const cleared = useRef(false);
  useEffect(() => {
    if (cleared.current) {
      cleared.current = false;
      return;
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (q.trim()) next.set('q', q.trim());
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  const plantTypes = useMemo(() => new Map((plants.data ?? []).map((p) => [p.id, p.plantType ?? ''])), [plants.data]);
  const filtered = Boolean(q.trim() || plantId || period !== 'all');
  const clear = () => {
    cleared.current = true;
    setSearch('');
    setParams((p) => {
      const next = new URLSearchParams(p);
      ['q', 'plantId', 'period'].forEach((k) => next.delete(k));
      return next;
    });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadHarvestsCsv(filters, todayKey());
    } catch (error) {
      toast({ title: t('harvests.downloadFailed'), description: getErrorMessage(error, t('harvests.tryAgain')), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="harvest-page">
      <PageHeader
        title={t('nav.harvestTracking')}
        description={t('harvests.description')}
        actions={
          <div className="harvest-page__actions">
            <Button variant="outline" icon={<BarChart3 size={18} aria-hidden="true" />} onClick={() => setStatsOpen(true)}>
              {t('harvests.viewStats')}
            </Button>
            <Button variant="outline" icon={<Download size={18} aria-hidden="true" />} loading={exporting} onClick={() => void onExport()}>
              {t('harvests.downloadCsv')}
            </Button>
            <LinkButton to={`/planning/harvest-tracking/new${plantId ? `?plantId=${plantId}` : ''}`} icon={<Plus size={18} aria-hidden="true" />}>
              {t('harvests.record')}
            </LinkButton>
          </div>
        }
      />
      <SearchToolbar className="harvest-filters" label={t('harvests.search')} placeholder={t('harvests.searchPlaceholder')} value={search} onChange={setSearch}>
        <SelectField label={t('harvests.form.plant')} value={plantId} onChange={(e) => setParam('plantId', e.target.value)}>
          <option value="">{t('harvests.allPlants')}</option>
          {(plants.data ?? [])
            .slice()
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
        </SelectField>
        <SelectField label={t('harvests.period.label')} value={period} onChange={(e) => setParam('period', e.target.value === 'all' ? '' : e.target.value)}>
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {t(p.label)}
            </option>
          ))}
        </SelectField>
      </SearchToolbar>
      <Tabs options={VIEWS.map((v) => ({ ...v, label: t(v.label) }))} value={view} onChange={(v) => setParam('view', v === 'list' ? '' : v)} label={t('harvests.view.label')} idBase="harvest-view" />
      <TabPanel idBase="harvest-view" value={view} className="harvest-page__panel">
        {view === 'list' ? (
          <PagedListStates
            list={list}
            filtered={filtered}
            noun={t('harvests.list.noun')}
            loading={{ label: t('harvests.list.loading'), rows: 4, height: 96 }}
            errorTitle={t('harvests.list.loadFailed')}
            errorText={t('harvests.tryLater')}
            empty={{
              icon: <Wheat size={26} />,
              title: t('harvests.list.none'),
              text: t('harvests.list.emptyText'),
              action: (
                <LinkButton to="/planning/harvest-tracking/new" icon={<Plus size={18} aria-hidden="true" />}>
                  {t('harvests.record')}
                </LinkButton>
              ),
            }}
            noResultsState={{ text: t('harvests.list.noneFiltered'), onClear: clear, clearLabel: t('harvests.list.clearFilters') }}
          >
            <ul className="harvest-list" aria-label={t('harvests.list.label')}>
              {list.items.map((h) => (
                <li key={h.id}>
                  <HarvestCard harvest={h} plantType={h.plantId ? plantTypes.get(h.plantId) : undefined} />
                </li>
              ))}
            </ul>
          </PagedListStates>
        ) : view === 'calendar' ? (
          <HarvestCalendar
            filters={filters}
            month={month}
            onMonthChange={(m) => setParam('month', monthParam(m))}
            plantTypes={plantTypes}
          />
        ) : (
          <ChartsTab filters={filters} />
        )}
      </TabPanel>
      <HarvestStatsSheet open={statsOpen} onOpenChange={setStatsOpen} filters={filters} recent={list.items} />
    </div>
  );
}
