/** Harvest tracking types and URLs (spec 02 §3; docs/api.md "Harvest tracking"). */

/** The harvest units, in the order the form offers them. */
export const HARVEST_UNITS = ['g', 'kg', 'oz', 'lb', 'items', 'bunches', 'litres'] as const;
export type HarvestUnit = (typeof HARVEST_UNITS)[number];

/** What a unit measures; totals are only added up within one kind. */
export type UnitKind = 'mass' | 'count' | 'volume';
export const UNIT_KINDS: readonly UnitKind[] = ['mass', 'count', 'volume'];

/** The common unit each kind's totals are given in (a bunch counts as one item). */
export const COMMON_UNIT: Record<UnitKind, string> = { mass: 'kg', count: 'items', volume: 'litres' };
export const KIND_LABEL: Record<UnitKind, string> = { mass: 'Weight', count: 'Count', volume: 'Volume' };

/** The time filters of spec 02 §9, as ?period= takes them. */
export type HarvestPeriod = 'all' | 'year' | '3months' | 'month';
export const PERIODS: readonly { value: HarvestPeriod; label: string }[] = [
  { value: 'all', label: 'All time' },
  { value: 'year', label: 'This year' },
  { value: '3months', label: 'Last 3 months' },
  { value: 'month', label: 'This month' },
];

/** A harvest record as the API answers it. */
export interface Harvest {
  id: number;
  userId?: number;
  /** null once the plant was deleted; plantName stays. */
  plantId: number | null;
  plantName: string | null;
  /** yyyy-MM-dd */
  harvestDate: string;
  quantity: number | null;
  unit: string | null;
  kind?: UnitKind | '';
  commonQuantity?: number | null;
  commonUnit?: string;
  notes: string | null;
  imageUrl: string | null;
  /** The bed of one of the gardener's layouts it came from; null (or absent) when none. */
  bedId?: number | null;
  /** The bed's and its layout's names ('' without a bed). */
  bedName?: string;
  layoutName?: string;
  createdAt?: string;
}

/** A bed a harvest can come from (GET /api/garden-beds): ids and names only. */
export interface HarvestBed {
  id: number;
  name: string;
  layoutId: number;
  layoutName: string;
}

/** One kind a bed gave: the total in `unit` and the same per square foot of the bed. */
export interface BedYield {
  kind: UnitKind;
  unit: string;
  amount: number;
  perSquareFoot: number;
  records: number;
}

/** What one bed gave in the period: its area in ft² and its yields per kind. */
export interface BedYields {
  bedId: number;
  bedName: string;
  layoutId: number;
  layoutName: string;
  area: number;
  records: number;
  yields: BedYield[];
}

export interface HarvestTotal {
  kind: UnitKind;
  unit: string;
  amount: number;
  records: number;
}

export interface PlantTotals {
  plantName: string;
  records: number;
  totals: HarvestTotal[];
}

export interface MonthlyTotal {
  /** yyyy-MM */
  month: string;
  plantName: string;
  kind: UnitKind;
  unit: string;
  amount: number;
  records: number;
}

export interface YearComparison {
  plantName: string;
  kind: UnitKind;
  unit: string;
  current: number;
  previous: number;
  currentRecords: number;
  previousRecords: number;
}

export interface DateSpan {
  from: string | null;
  to: string | null;
}

/** GET /api/harvests/stats. */
export interface HarvestStats {
  period: HarvestPeriod;
  range: DateSpan;
  totalHarvests: number;
  totals: HarvestTotal[];
  plants: PlantTotals[];
  mostHarvested: (PlantTotals & { rankedBy: UnitKind | ''; amount: number | null; unit: string }) | null;
  monthly: MonthlyTotal[];
  yearOnYear: { current: DateSpan; previous: DateSpan; plants: YearComparison[] };
  /** One entry per bed the period's records came from (absent from an older server). */
  yieldPerSquareFoot?: BedYields[];
}

/** The filters of the list, the stats and the export. */
export interface HarvestFilters {
  q: string;
  plantId: string;
  period: HarvestPeriod;
}

export const HARVESTS_URL = '/api/harvests';

/** The beds a record can name, the most the API gives in one page (docs/api.md). */
export const GARDEN_BEDS_URL = '/api/garden-beds?limit=200';

/** harvestQuery builds the query string of the filters (empty ones left out). */
export function harvestQuery(filters: Partial<HarvestFilters> & { from?: string; to?: string; limit?: number }): string {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.plantId) params.set('plantId', filters.plantId);
  if (filters.period && filters.period !== 'all') params.set('period', filters.period);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.limit) params.set('limit', String(filters.limit));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const harvestUrls = {
  list: (filters: Parameters<typeof harvestQuery>[0] = {}) => `${HARVESTS_URL}${harvestQuery(filters)}`,
  one: (id: number) => `${HARVESTS_URL}/${id}`,
  stats: (filters: Partial<HarvestFilters>) => `${HARVESTS_URL}/stats${harvestQuery({ ...filters, q: '' })}`,
  export: (filters: Partial<HarvestFilters>) => `${HARVESTS_URL}/export.csv${harvestQuery(filters)}`,
};

/** isHarvestKey matches every cached harvest URL (lists, stats), refreshed after a write. */
export const isHarvestKey = (key: string) => key === HARVESTS_URL || key.startsWith(`${HARVESTS_URL}?`) || key.startsWith(`${HARVESTS_URL}/`);
