export type StatusFilter = 'all' | 'healthy' | 'needs_water' | 'needs_care';
export type SortOrder = 'name-asc' | 'name-desc' | 'oldest' | 'newest' | 'status';

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
  { value: 'status', label: 'Needs care first' },
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
