import {
  addDays,
  differenceInCalendarDays,
  endOfMonth,
  endOfWeek,
  format,
  getISOWeek,
  isValid,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';

/**
 * Dates in the app are local: "today" is the user's calendar day. Calendar dates travel as
 * yyyy-MM-dd strings (read as local midnight, never as UTC); timestamps are RFC 3339.
 */

/** Week starts Monday (spec 01 §9). */
export const WEEK_STARTS_ON = 1 as const;

/** toDateKey gives the local yyyy-MM-dd of a date. */
export function toDateKey(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** todayKey is the local date of now. */
export function todayKey(now: Date = new Date()): string {
  return toDateKey(now);
}

/**
 * parseDate reads a yyyy-MM-dd date (as local midnight) or an RFC 3339 timestamp;
 * null for anything else.
 */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** isDateKey: a real yyyy-MM-dd calendar date. */
export function isDateKey(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = parseDate(value);
  return date !== null && toDateKey(date) === value;
}

/** formatDate: "MMM d, yyyy" (the app's general date format), '' when unreadable. */
export function formatDate(value: string | Date | null | undefined, pattern = 'MMM d, yyyy'): string {
  const date = value instanceof Date ? value : parseDate(value);
  return date ? format(date, pattern) : '';
}

/** formatLongDate: "MMMM d, yyyy" (journal entries). */
export function formatLongDate(value: string | Date | null | undefined): string {
  return formatDate(value, 'MMMM d, yyyy');
}

/**
 * relativeDay labels an upcoming date on plant cards: Today, Tomorrow, "In N days" within
 * a week, otherwise "MMM d" (also for overdue dates); null when there is no date.
 */
export function relativeDay(value: string | null | undefined, now: Date = new Date()): string | null {
  const date = parseDate(value);
  if (!date) return null;
  const days = differenceInCalendarDays(date, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days > 1 && days < 7) return `In ${days} days`;
  return format(date, 'MMM d');
}

/** isOverdue: the date's calendar day is before today's. */
export function isOverdue(value: string | null | undefined, now: Date = new Date()): boolean {
  const date = parseDate(value);
  return date !== null && differenceInCalendarDays(date, now) < 0;
}

/** addDaysTo: a date (or timestamp) plus N days; null when either is missing. */
export function addDaysTo(value: string | null | undefined, days: number | null | undefined): Date | null {
  const date = parseDate(value);
  if (!date || !days) return null;
  return addDays(date, days);
}

/** weekStart: the Monday of the date's week. */
export function weekStart(date: Date): Date {
  return startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON });
}

/** weekDays: the seven days (Monday first) of the date's week. */
export function weekDays(date: Date): Date[] {
  const start = weekStart(date);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** isoWeek: the ISO week number (weeks start on Monday). */
export function isoWeek(date: Date): number {
  return getISOWeek(date);
}

/** monthGrid: whole weeks (Monday first) covering the date's month, 28 to 42 days. */
export function monthGrid(date: Date): Date[] {
  const first = startOfWeek(startOfMonth(date), { weekStartsOn: WEEK_STARTS_ON });
  const last = endOfWeek(endOfMonth(date), { weekStartsOn: WEEK_STARTS_ON });
  const count = differenceInCalendarDays(last, first) + 1;
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** Short weekday names, Monday first. */
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
