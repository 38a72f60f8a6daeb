import { addMonths, endOfMonth, format, isSameMonth, startOfMonth } from 'date-fns';
import { monthGrid, parseDate, toDateKey } from '@/lib/dates';
import type { Harvest } from '../api/types';

/** monthSpan: the first and last day (yyyy-MM-dd) of the month of `month`. */
export function monthSpan(month: Date): { from: string; to: string } {
  return { from: toDateKey(startOfMonth(month)), to: toDateKey(endOfMonth(month)) };
}

/** shiftMonth: the first day of the month `by` months from `month`'s. */
export function shiftMonth(month: Date, by: number): Date {
  return startOfMonth(addMonths(month, by));
}

/** monthFromParam reads ?month=yyyy-MM; anything else is the month of `today`. */
export function monthFromParam(value: string | null, today: Date = new Date()): Date {
  if (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)) {
    const d = parseDate(`${value}-01`);
    if (d) return d;
  }
  return startOfMonth(today);
}

export const monthParam = (month: Date) => format(month, 'yyyy-MM');

/** groupByDay: records keyed by their harvest date, in the order given (newest first). */
export function groupByDay(harvests: readonly Harvest[]): Map<string, Harvest[]> {
  const map = new Map<string, Harvest[]>();
  for (const h of harvests) {
    const list = map.get(h.harvestDate);
    if (list) list.push(h);
    else map.set(h.harvestDate, [h]);
  }
  return map;
}

/** One day of the month grid. */
export interface CalendarCell {
  date: string;
  day: number;
  inMonth: boolean;
  harvests: Harvest[];
}

/**
 * calendarCells lays out the month of `month` in whole weeks (Monday first), each day with
 * its records; days of the neighbouring months carry none, since only the month's records
 * are loaded.
 */
export function calendarCells(month: Date, harvests: readonly Harvest[]): CalendarCell[] {
  const byDay = groupByDay(harvests);
  return monthGrid(month).map((d) => {
    const date = toDateKey(d);
    const inMonth = isSameMonth(d, month);
    return { date, day: d.getDate(), inMonth, harvests: inMonth ? (byDay.get(date) ?? []) : [] };
  });
}
