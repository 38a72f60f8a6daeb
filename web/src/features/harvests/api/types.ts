/** Harvest tracking types and URLs (spec 02 §3; docs/api.md "Harvest tracking"). */
import type { Narrow, Schemas } from '@/api/types';

/** The harvest units, in the order the form offers them. */
export const HARVEST_UNITS = ['g', 'kg', 'oz', 'lb', 'items', 'bunches', 'litres'] as const;
export type HarvestUnit = (typeof HARVEST_UNITS)[number];

/** What a unit measures; totals are only added up within one kind. */
export type UnitKind = 'mass' | 'count' | 'volume';
export const UNIT_KINDS: readonly UnitKind[] = ['mass', 'count', 'volume'];

/** The common unit each kind's totals are given in (a bunch counts as one item). */
export const COMMON_UNIT: Record<UnitKind, string> = { mass: 'kg', count: 'items', volume: 'litres' };
/** The kinds' names (catalogue keys: t(KIND_LABEL[kind])). */
export const KIND_LABEL = { mass: 'harvests.kind.mass', count: 'harvests.kind.count', volume: 'harvests.kind.volume' } as const satisfies Record<
  UnitKind,
  string
>;

/** The time filters of spec 02 §9, as ?period= takes them. */
export type HarvestPeriod = 'all' | 'year' | '3months' | 'month';
/** The periods' names are catalogue keys: t(period.label). */
export const PERIODS = [
  { value: 'all', label: 'harvests.period.all' },
  { value: 'year', label: 'harvests.period.year' },
  { value: '3months', label: 'harvests.period.3months' },
  { value: 'month', label: 'harvests.period.month' },
] as const satisfies readonly { value: HarvestPeriod; label: string }[];

// The answers are the schemas of the OpenAPI document (src/api/schema.d.ts, `make api-types`).
// The document says a string for each kind, period and rankedBy; the server writes one of
// UnitKind and HarvestPeriod, so those fields are narrowed here.

/** A harvest record as the API answers it; plantId is null once the plant was deleted. */
export type Harvest = Narrow<Schemas['Harvest'], { kind: UnitKind | '' }>;

/** A bed a harvest can come from (GET /api/garden-beds): ids and names only. */
export type HarvestBed = Schemas['HarvestBed'];

/** One kind a bed gave: the total in `unit` and the same per square foot of the bed. */
export type BedYield = Narrow<Schemas['BedYield'], { kind: UnitKind }>;

/** What one bed gave in the period: its area in ft² and its yields per kind. */
export type BedYields = Narrow<Schemas['BedYields'], { yields: BedYield[] }>;

export type HarvestTotal = Narrow<Schemas['HarvestTotal'], { kind: UnitKind }>;

export type PlantTotals = Narrow<Schemas['PlantTotals'], { totals: HarvestTotal[] }>;

/** One plant's total of one kind in a month (yyyy-MM). */
export type MonthlyTotal = Narrow<Schemas['Monthly'], { kind: UnitKind }>;

export type YearComparison = Narrow<Schemas['Comparison'], { kind: UnitKind }>;

export type DateSpan = Schemas['Range'];

/** GET /api/harvests/stats. */
export type HarvestStats = Narrow<
  Schemas['HarvestStats'],
  {
    period: HarvestPeriod;
    totals: HarvestTotal[];
    plants: PlantTotals[];
    mostHarvested: Narrow<Schemas['MostHarvested'], { rankedBy: UnitKind | ''; totals: HarvestTotal[] }> | null;
    monthly: MonthlyTotal[];
    yearOnYear: Narrow<Schemas['YearOnYear'], { plants: YearComparison[] }>;
    yieldPerSquareFoot: BedYields[];
  }
>;

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
