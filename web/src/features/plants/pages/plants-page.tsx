import { Sprout } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { urls } from '@/api/keys';
import { usePlantLimit } from '@/api/plants/get-plant-limit';
import type { Plant } from '@/api/types';
import { usePagedList } from '@/api/use-paged-list';
import { AddPlantButton } from '@/components/add-plant/add-plant-button';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { SearchField } from '@/components/ui/search-field';
import { SelectField } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { todayKey } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PlantCard } from '../components/plant-card';
import {
  SORT_OPTIONS,
  STATUS_OPTIONS,
  defaultFilters,
  hasActiveFilters,
  plantQuery,
  type PlantFilters,
  type SortOrder,
  type StatusFilter,
} from '../components/plant-filters';
import { PlantLimitBar } from '../components/plant-limit-bar';
import '@/components/ui/tile.css';
import { useT } from '@/lib/i18n/provider';
import './plants-page.css';

function PlantGridSkeleton() {
  return (
    <>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="tile plant-card">
          <Skeleton height={160} radius={0} className="tile__media" />
          <div className="tile__body">
            <Skeleton width="60%" height={20} />
            <Skeleton width="40%" height={14} />
            <Skeleton height={8} />
            <Skeleton width="80%" height={14} />
          </div>
        </div>
      ))}
    </>
  );
}

/** useDebounced answers value once it has stayed the same for ms (search as you type, one request per pause). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * PlantsPage (/plants): My Plants with the limit bar, search, status filter, sort and cards.
 * The server filters, searches and sorts (by the status it derives for the gardener's day) and
 * pages the list.
 */
export function PlantsPage() {
  const t = useT();
  useDocumentTitle(t('nav.myPlants'));
  const limit = usePlantLimit();
  const [filters, setFilters] = useState<PlantFilters>(defaultFilters);
  const search = useDebounced(filters.search, 250);
  const applied = { ...filters, search };
  const plants = usePagedList<Plant>(urls.plantsQuery(plantQuery(applied, todayKey())), { asTransition: true });
  // While a new filter loads, the cards of the previous one stay (no skeleton flash per keystroke).
  const previous = useRef<Plant[] | null>(null);
  if (!plants.isLoading && !plants.error) previous.current = plants.items;
  const items = plants.isLoading && previous.current ? previous.current : plants.items;
  const filtered = hasActiveFilters(applied);
  const total = limit.data?.currentCount;

  return (
    <div className="plants-page">
      <PageHeader
        title={t('nav.myPlants')}
        description={t('plants.list.text')}
        actions={<AddPlantButton />}
      />
      <PlantLimitBar limit={limit.data} />
      <div className="plants-toolbar" role="search">
        <SearchField
          label={t('plants.list.search')}
          placeholder={t('plants.list.searchHint')}
          value={filters.search}
          onChange={(value) => setFilters((f) => ({ ...f, search: value }))}
        />
        <SelectField
          label={t('plants.list.status')}
          value={filters.status}
          onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as StatusFilter }))}
        >
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('plants.list.sort')}
          value={filters.sort}
          onChange={(e) => setFilters((f) => ({ ...f, sort: e.target.value as SortOrder }))}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </SelectField>
      </div>
      {filtered && items.length > 0 ? (
        <p className="plants-page__count" aria-live="polite">
          {total !== undefined
            ? t('plants.list.showingOf', { count: items.length, total })
            : t('plants.list.showing', { count: items.length })}
        </p>
      ) : null}
      <ListStates
        query={{ isLoading: plants.isLoading && !previous.current, error: plants.error, mutate: plants.mutate }}
        isEmpty={!filtered && items.length === 0}
        noResults={items.length === 0}
        loading={{ label: t('plants.list.loading'), className: 'tile-grid plant-grid', skeleton: <PlantGridSkeleton /> }}
        errorTitle={t('plants.list.failed')}
        errorText={t('plants.list.failedText')}
        empty={{
          icon: <Sprout size={28} />,
          title: t('plants.list.none'),
          text: t('plants.list.noneText'),
          action: <AddPlantButton label={t('plants.addFirst')} />,
        }}
        noResultsState={{
          text: t('plants.list.noMatch'),
          onClear: () => setFilters(defaultFilters),
          clearLabel: t('plants.list.clear'),
        }}
        pager={plants}
      >
        <ul className="tile-grid plant-grid" aria-label={t('nav.plants')} aria-busy={plants.isLoading}>
          {items.map((plant) => (
            <li key={plant.id}>
              <PlantCard plant={plant} />
            </li>
          ))}
        </ul>
      </ListStates>
    </div>
  );
}
