import type { SowingEntry, SowingStep, SowingWindow } from '@/api/types';
import { formatDate } from './dates';

/** The months, for labels and the calendar's columns. */
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The three steps of a sowing, in the order a season runs. */
export const SOWING_STEPS = [
  { key: 'sowIndoors', label: 'Sow indoors' },
  { key: 'directSow', label: 'Sow outdoors' },
  { key: 'transplant', label: 'Plant out' },
] as const;

export type SowingStepKey = (typeof SOWING_STEPS)[number]['key'];

const weeks = (n: number) => `${n} week${n === 1 ? '' : 's'}`;

/**
 * windowText says a window as a packet would: "6–8 weeks before last frost", "from last frost
 * to 4 weeks after", "March to May".
 */
export function windowText(w: SowingWindow | null | undefined): string {
  if (!w) return '';
  if (w.unit === 'months') {
    const from = MONTHS[w.from - 1] ?? '?';
    const to = MONTHS[w.to - 1] ?? '?';
    return w.from === w.to ? `In ${from}` : `${from} to ${to}`;
  }
  const side = (n: number) => (n < 0 ? 'before' : 'after');
  if (w.from < 0 && w.to <= 0) {
    const a = -w.to;
    const b = -w.from;
    if (a === 0) return `Up to ${weeks(b)} before last frost`;
    return a === b ? `${weeks(a)} before last frost` : `${a}–${weeks(b)} before last frost`;
  }
  if (w.from >= 0) {
    if (w.from === 0) return `From last frost to ${weeks(w.to)} after`;
    return w.from === w.to ? `${weeks(w.from)} after last frost` : `${w.from}–${weeks(w.to)} after last frost`;
  }
  return `${weeks(-w.from)} ${side(w.from)} to ${weeks(w.to)} after last frost`;
}

/** stepStatus: "Now, until Mar 29" for an open window, "From May 17" for a later one, '' unplaced. */
export function stepStatus(step: SowingStep | null | undefined): string {
  if (!step?.start) return '';
  if (step.open) return `Now, until ${formatDate(step.end, 'MMM d')}`;
  return `From ${formatDate(step.start, 'MMM d')}`;
}

/** openSteps: the sowing steps open in the asked week, indoors first. */
export function openSteps(entry: SowingEntry): { key: 'sowIndoors' | 'directSow'; label: string; step: SowingStep }[] {
  const out: { key: 'sowIndoors' | 'directSow'; label: string; step: SowingStep }[] = [];
  if (entry.sowIndoors?.open) out.push({ key: 'sowIndoors', label: 'Sow indoors', step: entry.sowIndoors });
  if (entry.directSow?.open) out.push({ key: 'directSow', label: 'Sow outdoors', step: entry.directSow });
  return out;
}

/** monthDayText: "May 10" for "05-10". */
export function monthDayText(md: string | null | undefined): string {
  const m = md ? /^(\d{2})-(\d{2})$/.exec(md) : null;
  if (!m) return '';
  return `${MONTHS[Number(m[1]) - 1]?.slice(0, 3) ?? '?'} ${Number(m[2])}`;
}
