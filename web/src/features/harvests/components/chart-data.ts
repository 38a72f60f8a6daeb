import { addMonths, format } from 'date-fns';
import { localDate, parseDate } from '@/lib/dates';
import { t } from '@/lib/i18n/i18n';
import { UNIT_KINDS, type DateSpan, type HarvestStats, type MonthlyTotal, type UnitKind, type YearComparison } from '../api/types';

/** kindsIn: the kinds the stats have amounts of, in the order mass, count, volume. */
export function kindsIn(stats: Pick<HarvestStats, 'monthly' | 'yearOnYear'>): UnitKind[] {
  const seen = new Set<UnitKind>();
  for (const m of stats.monthly) seen.add(m.kind);
  for (const c of stats.yearOnYear.plants) seen.add(c.kind);
  return UNIT_KINDS.filter((k) => seen.has(k));
}

/** A chart series: a plant, under a key that is safe as a chart data key. */
export interface Series {
  key: string;
  name: string;
}

/** One month of the monthly chart: its label and each series' amount. */
export type MonthRow = { month: string; label: string } & Record<string, number | string>;

function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let d = parseDate(`${first}-01`);
  const end = parseDate(`${last}-01`);
  if (!d || !end) return out;
  while (d <= end && out.length < 600) {
    out.push(format(d, 'yyyy-MM'));
    d = addMonths(d, 1);
  }
  return out;
}

/**
 * monthlySeries shapes the monthly totals of one kind for a stacked bar chart: one row per
 * month from the first to the last (the period's ends when it has them, so empty months show
 * as gaps), one series per plant ordered by its total, largest first.
 */
export function monthlySeries(monthly: readonly MonthlyTotal[], kind: UnitKind, range?: DateSpan): { rows: MonthRow[]; series: Series[] } {
  const ofKind = monthly.filter((m) => m.kind === kind);
  if (ofKind.length === 0) return { rows: [], series: [] };
  const totals = new Map<string, number>();
  for (const m of ofKind) totals.set(m.plantName, (totals.get(m.plantName) ?? 0) + m.amount);
  const series = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name], i) => ({ key: `p${i}`, name }));
  const keyOf = new Map(series.map((s) => [s.name, s.key]));
  const months = ofKind.map((m) => m.month).sort();
  const first = range?.from ? range.from.slice(0, 7) : months[0]!;
  const last = range?.to ? range.to.slice(0, 7) : months[months.length - 1]!;
  const rows = monthsBetween(first < months[0]! ? first : months[0]!, last > months[months.length - 1]! ? last : months[months.length - 1]!).map(
    (month) => {
      const row: MonthRow = { month, label: localDate(parseDate(`${month}-01`)!, MONTH_YEAR) };
      for (const s of series) row[s.key] = 0;
      return row;
    },
  );
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  for (const m of ofKind) {
    const row = byMonth.get(m.month);
    const key = keyOf.get(m.plantName)!;
    if (row) row[key] = round((row[key] as number) + m.amount);
  }
  return { rows, series };
}

/** A plant's amount of one kind now and a year before. */
export interface ComparisonRow {
  plantName: string;
  current: number;
  previous: number;
}

/** yearOnYearRows: the comparison of one kind, the plants with the largest current amount first. */
export function yearOnYearRows(plants: readonly YearComparison[], kind: UnitKind): ComparisonRow[] {
  return plants
    .filter((p) => p.kind === kind)
    .map((p) => ({ plantName: p.plantName, current: p.current, previous: p.previous }))
    .sort((a, b) => b.current - a.current || b.previous - a.previous || a.plantName.localeCompare(b.plantName));
}

const MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const DAY_MONTH_YEAR: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/** spanLabel names a span in a legend: "2026" for a whole year, "Jun 2026", or "Mar–Jun 2026". */
export function spanLabel(span: DateSpan): string {
  const from = parseDate(span.from);
  const to = parseDate(span.to);
  if (!from || !to) return t('harvests.period.all');
  if (format(from, 'MM-dd') === '01-01' && format(to, 'MM-dd') === '12-31' && from.getFullYear() === to.getFullYear()) {
    return String(from.getFullYear());
  }
  if (format(from, 'yyyy-MM') === format(to, 'yyyy-MM')) return localDate(from, MONTH_YEAR);
  const first = localDate(from, from.getFullYear() === to.getFullYear() ? DAY_MONTH : DAY_MONTH_YEAR);
  return t('harvests.span', { from: first, to: localDate(to, DAY_MONTH_YEAR) });
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
