import { describe, expect, it } from 'vitest';
import type { MonthlyTotal, YearComparison } from '../api/types';
import { kindsIn, monthlySeries, spanLabel, yearOnYearRows } from './chart-data';

const m = (month: string, plantName: string, amount: number, kind: MonthlyTotal['kind'] = 'mass'): MonthlyTotal => ({
  month,
  plantName,
  kind,
  unit: kind === 'mass' ? 'kg' : kind === 'count' ? 'items' : 'litres',
  amount,
  records: 1,
});

describe('monthlySeries', () => {
  it('makes one row per month with a zero for every plant, gaps included, plants by total', () => {
    const { rows, series } = monthlySeries(
      [m('2026-05', 'Tomato', 0.5), m('2026-07', 'Tomato', 2), m('2026-07', 'Pea', 0.25), m('2026-07', 'Radish', 12, 'count')],
      'mass',
    );
    expect(series).toEqual([
      { key: 'p0', name: 'Tomato' },
      { key: 'p1', name: 'Pea' },
    ]);
    expect(rows).toEqual([
      { month: '2026-05', label: 'May 2026', p0: 0.5, p1: 0 },
      { month: '2026-06', label: 'Jun 2026', p0: 0, p1: 0 },
      { month: '2026-07', label: 'Jul 2026', p0: 2, p1: 0.25 },
    ]);
  });

  it('spans the whole period when it has ends, across the new year', () => {
    const { rows } = monthlySeries([m('2026-01', 'Kale', 1)], 'mass', { from: '2025-11-24', to: '2026-02-24' });
    expect(rows.map((r) => r.month)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(rows[2]!.p0).toBe(1);
  });

  it('keys plants safely whatever their names (a dot is not a path)', () => {
    const { rows, series } = monthlySeries([m('2026-03', 'St. John’s wort', 0.1)], 'mass');
    expect(series[0]).toEqual({ key: 'p0', name: 'St. John’s wort' });
    expect(rows[0]!.p0).toBe(0.1);
  });

  it('answers nothing for a kind without amounts', () => {
    expect(monthlySeries([m('2026-03', 'Kale', 1)], 'volume')).toEqual({ rows: [], series: [] });
  });
});

describe('year on year', () => {
  const c = (plantName: string, current: number, previous: number, kind: YearComparison['kind'] = 'mass'): YearComparison => ({
    plantName,
    kind,
    unit: 'kg',
    current,
    previous,
    currentRecords: 1,
    previousRecords: 1,
  });

  it('keeps one kind, the largest current total first', () => {
    expect(yearOnYearRows([c('Pea', 1, 3), c('Tomato', 4, 2), c('Radish', 9, 0, 'count'), c('Bean', 0, 5)], 'mass')).toEqual([
      { plantName: 'Tomato', current: 4, previous: 2 },
      { plantName: 'Pea', current: 1, previous: 3 },
      { plantName: 'Bean', current: 0, previous: 5 },
    ]);
  });

  it('lists the kinds found, mass first', () => {
    expect(
      kindsIn({
        monthly: [m('2026-01', 'Radish', 3, 'count')],
        yearOnYear: { current: { from: null, to: null }, previous: { from: null, to: null }, plants: [c('Pea', 1, 0, 'volume'), c('Kale', 1, 1)] },
      }),
    ).toEqual(['mass', 'count', 'volume']);
  });

  it('names the compared spans', () => {
    expect(spanLabel({ from: '2026-01-01', to: '2026-12-31' })).toBe('2026');
    expect(spanLabel({ from: '2026-11-01', to: '2026-11-30' })).toBe('Nov 2026');
    expect(spanLabel({ from: '2026-08-24', to: '2026-11-24' })).toBe('Aug 24 – Nov 24, 2026');
    expect(spanLabel({ from: '2025-11-24', to: '2026-02-24' })).toBe('Nov 24, 2025 – Feb 24, 2026');
    expect(spanLabel({ from: null, to: null })).toBe('All time');
  });
});
