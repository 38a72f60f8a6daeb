import { describe, expect, it } from 'vitest';
import type { Harvest } from '../api/types';
import { makeHarvest } from '../testing/mock-harvests';
import { calendarCells, groupByDay, monthFromParam, monthParam, monthSpan, shiftMonth } from './calendar-data';

const h = (id: number, harvestDate: string, plantName = 'Pea'): Harvest =>
  makeHarvest({ id, plantId: 1, plantName, harvestDate, quantity: null, unit: '', notes: '', imageUrl: '' });

describe('calendar data', () => {
  it('spans a month from its first to its last day, leap years included', () => {
    expect(monthSpan(new Date(2028, 1, 17))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthSpan(new Date(2026, 11, 31))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('moves a month back and forth across years', () => {
    expect(monthParam(shiftMonth(new Date(2026, 0, 31), -1))).toBe('2025-12');
    expect(monthParam(shiftMonth(new Date(2026, 11, 5), 1))).toBe('2027-01');
    expect(shiftMonth(new Date(2026, 0, 31), 1).getDate()).toBe(1);
  });

  it('reads ?month= and falls back to the month of today', () => {
    const today = new Date(2026, 6, 14);
    expect(monthParam(monthFromParam('2025-03', today))).toBe('2025-03');
    for (const bad of [null, '', '2025-13', '2025-3', 'march']) expect(monthParam(monthFromParam(bad, today))).toBe('2026-07');
  });

  it('groups records by day, keeping their order', () => {
    const byDay = groupByDay([h(3, '2026-07-02'), h(2, '2026-07-01'), h(1, '2026-07-02')]);
    expect([...byDay.keys()]).toEqual(['2026-07-02', '2026-07-01']);
    expect(byDay.get('2026-07-02')!.map((x) => x.id)).toEqual([3, 1]);
  });

  it('lays the month out in whole weeks from Monday with each day’s harvests', () => {
    // July 2026 starts on a Wednesday and ends on a Friday: Mon 29 June … Sun 2 August.
    const cells = calendarCells(new Date(2026, 6, 1), [h(1, '2026-07-01', 'Bean'), h(2, '2026-07-31'), h(3, '2026-07-31', 'Kale')]);
    expect(cells).toHaveLength(35);
    expect(cells[0]).toMatchObject({ date: '2026-06-29', inMonth: false, harvests: [] });
    expect(cells[2]).toMatchObject({ date: '2026-07-01', day: 1, inMonth: true });
    expect(cells[2]!.harvests.map((x) => x.plantName)).toEqual(['Bean']);
    expect(cells[32]!.date).toBe('2026-07-31');
    expect(cells[32]!.harvests.map((x) => x.id)).toEqual([2, 3]);
    expect(cells[34]).toMatchObject({ date: '2026-08-02', inMonth: false });
    expect(cells.filter((c) => c.inMonth)).toHaveLength(31);
    // A record of another month (it should not be loaded, but if it is) stays off the grid.
    expect(calendarCells(new Date(2026, 6, 1), [h(9, '2026-06-29')])[0]!.harvests).toEqual([]);
  });
});
