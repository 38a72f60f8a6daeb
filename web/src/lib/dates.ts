/**
 * Dates in the app are local: "today" is the user's calendar day. Calendar dates travel as
 * yyyy-MM-dd strings (read as local midnight, never as UTC); timestamps are RFC 3339.
 *
 * This module does its own reading and formatting instead of date-fns': the dashboard (the
 * first page) needs only these few English patterns, and date-fns' format() brings its token
 * parser and the en-US locale (about 8 kB gzipped) into the first load. Pages with richer
 * needs (calendars, charts, relative times) still use date-fns in their own chunks.
 */

/** Week starts Monday (spec 01 §9). */
export const WEEK_STARTS_ON = 1 as const;

const DAY_MS = 86_400_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// The tokens of date-fns' format() that the app's patterns use; text in quotes is literal.
const TOKENS: Record<string, (d: Date) => string> = {
  yyyy: (d) => pad(d.getFullYear(), 4),
  MMMM: (d) => MONTHS[d.getMonth()]!,
  MMM: (d) => MONTHS[d.getMonth()]!.slice(0, 3),
  MM: (d) => pad(d.getMonth() + 1),
  M: (d) => String(d.getMonth() + 1),
  dd: (d) => pad(d.getDate()),
  d: (d) => String(d.getDate()),
  EEEE: (d) => WEEKDAYS[d.getDay()]!,
  EEE: (d) => WEEKDAYS[d.getDay()]!.slice(0, 3),
  HH: (d) => pad(d.getHours()),
  H: (d) => String(d.getHours()),
  hh: (d) => pad(d.getHours() % 12 || 12),
  h: (d) => String(d.getHours() % 12 || 12),
  mm: (d) => pad(d.getMinutes()),
  ss: (d) => pad(d.getSeconds()),
  a: (d) => (d.getHours() < 12 ? 'AM' : 'PM'),
};
const TOKEN = /'([^']*)'|([A-Za-z])\2*/g;

/**
 * format writes a date with a date-fns-style pattern ('MMM d, yyyy', 'EEEE, MMMM d',
 * 'h:mm a', …) in English; a letter run that is not one of TOKENS throws, as date-fns does.
 */
export function format(date: Date, pattern: string): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return pattern.replace(TOKEN, (run, quoted: string | undefined) => {
    if (quoted !== undefined) return quoted === '' ? "'" : quoted;
    const write = TOKENS[run];
    if (!write) throw new RangeError(`Format string contains an unsupported token: ${run}`);
    return write(date);
  });
}

/** addDays: the date plus N calendar days, at the same local time. */
export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** differenceInCalendarDays: whole local calendar days from b to a (daylight saving safe). */
export function differenceInCalendarDays(a: Date, b: Date): number {
  const utc = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((utc(a) - utc(b)) / DAY_MS);
}

/** isToday: the date falls on today's local calendar day. */
export function isToday(date: Date, now: Date = new Date()): boolean {
  return differenceInCalendarDays(date, now) === 0;
}

/** toDateKey gives the local yyyy-MM-dd of a date. */
export function toDateKey(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** todayKey is the local date of now. */
export function todayKey(now: Date = new Date()): string {
  return toDateKey(now);
}

// yyyy-MM-dd, optionally followed by a time (HH:mm[:ss[.fraction]]) and an offset (Z, ±HH[:mm]).
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:\s*(Z|[+-]\d{2}(?::?\d{2})?))?)?$/i;

/**
 * parseDate reads a yyyy-MM-dd date (as local midnight) or an RFC 3339 timestamp;
 * null for anything else.
 */
export function parseDate(value: string | null | undefined): Date | null {
  const m = value ? ISO.exec(value.trim()) : null;
  if (!m) return null;
  const [year, month, day, hours = 0, minutes = 0, seconds = 0] = m.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part)));
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const inMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > inMonth) return null;
  if (hours > 24 || minutes > 59 || seconds > 59 || (hours === 24 && (minutes || seconds || ms))) return null;
  const zone = m[8];
  if (!zone) {
    const local = new Date(year!, month! - 1, day!, hours, minutes, seconds, ms);
    local.setFullYear(year!); // years 0-99 are not 1900-1999
    return local;
  }
  let offset = 0;
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
  }
  const utc = new Date(Date.UTC(year!, month! - 1, day!, hours, minutes, seconds, ms));
  utc.setUTCFullYear(year!);
  return new Date(utc.getTime() - offset * 60_000);
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
  return date && !Number.isNaN(date.getTime()) ? format(date, pattern) : '';
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

/** weekStart: the Monday of the date's week (local midnight). */
export function weekStart(date: Date): Date {
  const back = (date.getDay() - WEEK_STARTS_ON + 7) % 7;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - back);
}

/** weekDays: the seven days (Monday first) of the date's week. */
export function weekDays(date: Date): Date[] {
  const start = weekStart(date);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** isoWeek: the ISO week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): number {
  const thursday = addDays(weekStart(date), 3);
  const firstThursday = new Date(thursday.getFullYear(), 0, 4);
  return Math.round(differenceInCalendarDays(weekStart(thursday), weekStart(firstThursday)) / 7) + 1;
}

/** monthGrid: whole weeks (Monday first) covering the date's month, 28 to 42 days. */
export function monthGrid(date: Date): Date[] {
  const first = weekStart(new Date(date.getFullYear(), date.getMonth(), 1));
  const last = addDays(weekStart(new Date(date.getFullYear(), date.getMonth() + 1, 0)), 6);
  const count = differenceInCalendarDays(last, first) + 1;
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** Short weekday names, Monday first. */
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
