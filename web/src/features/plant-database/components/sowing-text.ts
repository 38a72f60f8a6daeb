import type { SowingStep, SowingWindow } from '@/api/types';
import { localDate, parseDate } from '@/lib/dates';
import { t, type MessageKey } from '@/lib/i18n/i18n';
import type { SowingStepKey } from '@/lib/sowing';

/*
 * The sowing calendar's texts in the shown language: the steps (lib/sowing.ts keeps their keys),
 * the windows as a packet says them, the months and dates.
 */

/** The steps' names: Sow indoors, Sow outdoors, Plant out. */
export const STEP_LABELS: Record<SowingStepKey, MessageKey> = {
  sowIndoors: 'plantdb.sowing.step.sowIndoors',
  directSow: 'plantdb.sowing.step.directSow',
  transplant: 'plantdb.sowing.step.transplant',
};

/** monthName: "January" (month 1–12) in the shown language; style short "Jan", narrow "J". */
export function monthName(month: number, style: 'long' | 'short' | 'narrow' = 'long'): string {
  return localDate(new Date(2001, month - 1, 1), { month: style });
}

/** shortDate: "Mar 29" of a date key, '' when unreadable. */
export function shortDate(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? localDate(date, { month: 'short', day: 'numeric' }) : '';
}

/** monthDayText: "May 10" for "05-10". */
export function monthDayText(md: string | null | undefined): string {
  const m = md ? /^(\d{2})-(\d{2})$/.exec(md) : null;
  if (!m) return '';
  return localDate(new Date(2001, Number(m[1]) - 1, Number(m[2])), { month: 'short', day: 'numeric' });
}

/**
 * windowText says a window as a packet would: "6–8 weeks before last frost", "From last frost
 * to 4 weeks after", "March to May".
 */
export function windowText(w: SowingWindow | null | undefined): string {
  if (!w) return '';
  if (w.unit === 'months') {
    const name = (n: number) => (n >= 1 && n <= 12 ? monthName(n) : '?');
    return w.from === w.to ? t('plantdb.window.inMonth', { month: name(w.from) }) : t('plantdb.window.months', { from: name(w.from), to: name(w.to) });
  }
  if (w.from < 0 && w.to <= 0) {
    const a = -w.to;
    const b = -w.from;
    if (a === 0) return t('plantdb.window.upToBefore', { weeks: b });
    return a === b ? t('plantdb.window.before', { weeks: a }) : t('plantdb.window.rangeBefore', { from: a, to: b });
  }
  if (w.from >= 0) {
    if (w.from === 0) return t('plantdb.window.fromFrost', { weeks: w.to });
    return w.from === w.to ? t('plantdb.window.after', { weeks: w.from }) : t('plantdb.window.rangeAfter', { from: w.from, to: w.to });
  }
  return t('plantdb.window.around', { before: -w.from, after: w.to });
}

/** stepStatus: "Now, until Mar 29" for an open window, "From May 17" for a later one, '' unplaced. */
export function stepStatus(step: SowingStep | null | undefined): string {
  if (!step?.start) return '';
  if (step.open) return t('plantdb.sowing.nowUntil', { date: shortDate(step.end) });
  return t('plantdb.sowing.from', { date: shortDate(step.start) });
}
