import type { Plant } from '@/api/types';

export type StatusFilter = 'all' | 'healthy' | 'needs_water' | 'needs_care';
export type SortOrder = 'name-asc' | 'name-desc' | 'oldest' | 'newest';

export const STATUS_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Plants' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'needs_water', label: 'Needs Water' },
  { value: 'needs_care', label: 'Needs Care' },
];

export const SORT_OPTIONS: readonly { value: SortOrder; label: string }[] = [
  { value: 'name-asc', label: 'Name (A-Z)' },
  { value: 'name-desc', label: 'Name (Z-A)' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'newest', label: 'Newest First' },
];

export interface PlantFilters {
  search: string;
  status: StatusFilter;
  sort: SortOrder;
}

export const defaultFilters: PlantFilters = { search: '', status: 'all', sort: 'name-asc' };

export function hasActiveFilters(filters: PlantFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all';
}

function acquiredTime(plant: Plant): number {
  const time = Date.parse(plant.acquiredDate ?? plant.createdAt ?? '');
  return Number.isNaN(time) ? 0 : time;
}

/**
 * filterPlants: search by name, species or location (case-insensitive), the status
 * filter, then the sort (names A-Z / Z-A, or by acquiredDate; ties by id).
 */
export function filterPlants(plants: Plant[], { search, status, sort }: PlantFilters): Plant[] {
  const needle = search.trim().toLowerCase();
  const matches = plants.filter((plant) => {
    if (status !== 'all' && plant.status !== status) return false;
    if (!needle) return true;
    return [plant.name, plant.species, plant.location].some((field) => (field ?? '').toLowerCase().includes(needle));
  });
  const byName = (a: Plant, b: Plant) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;
  const byAcquired = (a: Plant, b: Plant) => acquiredTime(a) - acquiredTime(b) || a.id - b.id;
  const sorted = [...matches];
  switch (sort) {
    case 'name-asc':
      sorted.sort(byName);
      break;
    case 'name-desc':
      sorted.sort((a, b) => byName(b, a));
      break;
    case 'oldest':
      sorted.sort(byAcquired);
      break;
    case 'newest':
      sorted.sort((a, b) => byAcquired(b, a));
      break;
  }
  return sorted;
}
