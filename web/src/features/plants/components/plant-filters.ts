import type { MessageKey } from '@/lib/i18n/i18n';

export type StatusFilter = 'all' | 'healthy' | 'needs_water' | 'needs_care';
export type SortOrder = 'name-asc' | 'name-desc' | 'oldest' | 'newest' | 'status';

/** The status filter's choices, each with its catalogue key (the page shows them translated). */
export const STATUS_OPTIONS: readonly { value: StatusFilter; label: MessageKey }[] = [
  { value: 'all', label: 'plants.filter.all' },
  { value: 'healthy', label: 'status.healthy' },
  { value: 'needs_water', label: 'status.needsWater' },
  { value: 'needs_care', label: 'status.needsCare' },
];

/** The sort orders, each with its catalogue key. */
export const SORT_OPTIONS: readonly { value: SortOrder; label: MessageKey }[] = [
  { value: 'name-asc', label: 'plants.sort.nameAsc' },
  { value: 'name-desc', label: 'plants.sort.nameDesc' },
  { value: 'oldest', label: 'plants.sort.oldest' },
  { value: 'newest', label: 'plants.sort.newest' },
  { value: 'status', label: 'plants.sort.status' },
];

/** The server's ?sort= for each order (docs/api.md "The gardener's day"). */
const SERVER_SORT: Record<SortOrder, string> = {
  'name-asc': 'name',
  'name-desc': 'name_desc',
  oldest: 'oldest',
  newest: 'newest',
  status: 'status',
};

export interface PlantFilters {
  search: string;
  status: StatusFilter;
  sort: SortOrder;
}

export const defaultFilters: PlantFilters = { search: '', status: 'all', sort: 'name-asc' };

export function hasActiveFilters(filters: PlantFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all';
}

/**
 * plantQuery: the query parameters of GET /api/plants for the filters. The server filters by
 * the status it derives (the same rule as the dashboard), searches and sorts, so the Needs
 * Water filter finds exactly the plants the dashboard counts.
 */
export function plantQuery({ search, status, sort }: PlantFilters, today: string): Record<string, string> {
  const params: Record<string, string> = { today, sort: SERVER_SORT[sort] };
  if (status !== 'all') params.status = status;
  if (search.trim()) params.q = search.trim();
  return params;
}
