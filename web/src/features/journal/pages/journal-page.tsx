import { BookOpen, Plus, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useJournalEntries } from '@/api/journal/get-journal-entries';
import { usePlants } from '@/api/plants/get-plants';
import { GROWTH_STAGES } from '@/api/types';
import { JournalEntryDialog } from '@/components/journal-entry/journal-entry-dialog';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { SearchField } from '@/components/ui/search-field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { growthStageLabel } from '@/components/journal-entry/growth-stage';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { JournalEntryCard } from '../components/journal-entry-card';
import { emptyJournalFilters, filterEntries, hasJournalFilters, type JournalFilters } from '../components/journal-filters';
import '@/components/ui/tile.css';
import './journal-page.css';

function JournalSkeleton() {
  return (
    <>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="tile journal-card">
          <div className="journal-card__body">
            <Skeleton width="55%" height={22} />
            <Skeleton width="35%" height={14} />
            <Skeleton height={14} />
            <Skeleton width="85%" height={14} />
          </div>
        </div>
      ))}
    </>
  );
}

/** JournalPage (/journal): the growth journal with filters, cards and the entry dialog. */
export function JournalPage() {
  const t = useT();
  useDocumentTitle(t('journal.title'));
  const [params] = useSearchParams();
  const location = useLocation();
  const entries = useJournalEntries();
  const plants = usePlants();
  const [adding, setAdding] = useState(false);
  const [filters, setFilters] = useState<JournalFilters>(() => ({
    ...emptyJournalFilters,
    plantId: /^\d+$/.test(params.get('plant') ?? '') ? params.get('plant')! : '',
  }));

  const plantNames = useMemo(() => new Map((plants.data ?? []).map((p) => [p.id, p.name])), [plants.data]);
  const all = useMemo(() => entries.data ?? [], [entries.data]);
  const visible = useMemo(() => filterEntries(all, filters, plantNames), [all, filters, plantNames]);
  const hasStages = all.some((entry) => Boolean(entry.growthStage));
  const plantOptions = useMemo(() => {
    const options = new Map<number, string>(plantNames);
    for (const entry of all) if (!options.has(entry.plantId)) options.set(entry.plantId, entry.plantName ?? t('journal.plantNumber', { id: entry.plantId }));
    return [...options.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [all, plantNames, t]);

  // A shared link (/journal#entry-12) scrolls to its entry once the list is there.
  useEffect(() => {
    if (!entries.data || !location.hash.startsWith('#entry-')) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [entries.data, location.hash]);

  const set = (patch: Partial<JournalFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const content = (
    <ListStates
      query={entries}
      isEmpty={all.length === 0}
      noResults={visible.length === 0}
      loading={{ label: t('journal.loading'), className: 'journal-list', skeleton: <JournalSkeleton /> }}
      errorTitle={t('journal.loadFailed')}
      errorText={t('journal.loadFailedText')}
      empty={{
        icon: <BookOpen size={26} />,
        title: t('journal.none'),
        text: t('journal.noneText'),
        action: (
          <Button icon={<Plus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('journal.createFirst')}
          </Button>
        ),
      }}
      noResultsState={{ text: t('journal.noResults'), onClear: () => setFilters(emptyJournalFilters), clearLabel: t('journal.clearFilters') }}
    >
      <ul className="journal-list" aria-label={t('journal.entries')}>
        {visible.map((entry) => (
          <li key={entry.id}>
            <JournalEntryCard entry={entry} plantName={plantNames.get(entry.plantId)} />
          </li>
        ))}
      </ul>
    </ListStates>
  );

  return (
    <div className="journal-page">
      <PageHeader
        title={t('journal.title')}
        description={t('journal.description')}
        actions={
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('journal.add')}
          </Button>
        }
      />
      {all.length > 0 ? (
        <div className={hasStages ? 'journal-filters journal-filters--stages' : 'journal-filters'} role="search">
          <SearchField
            label={t('journal.search')}
            placeholder={t('journal.searchPlaceholder')}
            value={filters.search}
            onChange={(value) => set({ search: value })}
          />
          <div className="field">
            <label className="field__label" htmlFor="journal-plant-filter">
              {t('journal.plant')}
            </label>
            <Select id="journal-plant-filter" value={filters.plantId} onChange={(e) => set({ plantId: e.target.value })}>
              <option value="">{t('journal.allPlants')}</option>
              {plantOptions.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </Select>
          </div>
          {hasStages ? (
            <div className="field">
              <label className="field__label" htmlFor="journal-stage-filter">
                {t('journal.growthStage')}
              </label>
              <Select id="journal-stage-filter" value={filters.stage} onChange={(e) => set({ stage: e.target.value })}>
                <option value="">{t('journal.allStages')}</option>
                {GROWTH_STAGES.map((stage) => (
                  <option key={stage} value={stage}>
                    {growthStageLabel(stage)}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          <div className="field">
            <span className="field__label" aria-hidden="true">
              {t('journal.date')}
            </span>
            <DatePicker label={t('journal.filterByDate')} placeholder={t('journal.filterByDate')} value={filters.date} onChange={(date) => set({ date })} />
          </div>
          <Button
            variant="ghost"
            className="journal-filters__clear"
            icon={<X size={16} aria-hidden="true" />}
            disabled={!hasJournalFilters(filters)}
            onClick={() => setFilters(emptyJournalFilters)}
          >
            {t('journal.clear')}
          </Button>
        </div>
      ) : null}
      {content}
      <JournalEntryDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
