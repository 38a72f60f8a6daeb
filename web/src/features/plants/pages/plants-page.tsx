import { CloudOff, RefreshCw, Search, Sprout, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { usePlantLimit } from '@/api/plants/get-plant-limit';
import { usePlants } from '@/api/plants/get-plants';
import { AddPlantButton } from '@/components/add-plant/add-plant-button';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PlantCard } from '../components/plant-card';
import {
  SORT_OPTIONS,
  STATUS_OPTIONS,
  defaultFilters,
  filterPlants,
  hasActiveFilters,
  type PlantFilters,
  type SortOrder,
  type StatusFilter,
} from '../components/plant-filters';
import { PlantLimitBar } from '../components/plant-limit-bar';
import './plants-page.css';

function PlantGridSkeleton() {
  return (
    <LoadingRegion label="Loading your plants…" className="plant-grid">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="plant-card">
          <Skeleton height={160} radius={0} />
          <div className="plant-card__body">
            <Skeleton width="60%" height={20} />
            <Skeleton width="40%" height={14} />
            <Skeleton height={8} />
            <Skeleton width="80%" height={14} />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}

/** PlantsPage (/plants): My Plants with the limit bar, search, filter, sort and cards. */
export function PlantsPage() {
  useDocumentTitle('My Plants');
  const plants = usePlants();
  const limit = usePlantLimit();
  const [filters, setFilters] = useState<PlantFilters>(defaultFilters);
  const visible = useMemo(() => filterPlants(plants.data ?? [], filters), [plants.data, filters]);

  let content;
  if (plants.isLoading) {
    content = <PlantGridSkeleton />;
  } else if (plants.error) {
    content = (
      <EmptyState
        icon={<CloudOff size={26} />}
        title="Could not load your plants"
        action={
          <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void plants.mutate()}>
            Try again
          </Button>
        }
      >
        Something went wrong while loading your plants. Please try again.
      </EmptyState>
    );
  } else if ((plants.data ?? []).length === 0) {
    content = (
      <EmptyState icon={<Sprout size={28} />} title="No Plants Added Yet" action={<AddPlantButton label="Add Your First Plant" />}>
        Start your garden by adding the first plant you look after.
      </EmptyState>
    );
  } else if (visible.length === 0) {
    content = (
      <EmptyState
        icon={<SearchX size={26} />}
        title="No Results Found"
        action={
          <Button variant="outline" onClick={() => setFilters(defaultFilters)}>
            Clear Filters
          </Button>
        }
      >
        No plants match your search or filter.
      </EmptyState>
    );
  } else {
    content = (
      <ul className="plant-grid" aria-label="Plants">
        {visible.map((plant) => (
          <li key={plant.id} className="plant-grid__item">
            <PlantCard plant={plant} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="plants-page">
      <PageHeader
        title="My Plants"
        description="Every plant you look after, with what each one needs next."
        actions={<AddPlantButton />}
      />
      <PlantLimitBar limit={limit.data} />
      <div className="plants-toolbar" role="search">
        <Field
          label="Search plants"
          type="search"
          placeholder="Search by name, species or location"
          icon={<Search size={18} />}
          value={filters.search}
          onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value }))}
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as StatusFilter }))}
        >
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sort by"
          value={filters.sort}
          onChange={(e) => setFilters((f) => ({ ...f, sort: e.target.value as SortOrder }))}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      </div>
      {hasActiveFilters(filters) && visible.length > 0 ? (
        <p className="plants-page__count" aria-live="polite">
          Showing {visible.length} of {plants.data?.length ?? 0} plants
        </p>
      ) : null}
      {content}
    </div>
  );
}
