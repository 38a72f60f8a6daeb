/**
 * Dates in the app are local: "today" is the user's calendar day. Calendar dates travel as
 * yyyy-MM-dd strings (read as local midnight, never as UTC); timestamps are RFC 3339.
 *
 * This module does its own reading and formatting instead of date-fns': the dashboard (the
 * first page) needs only these few English patterns, and date-fns' format() brings its token
 * parser and the en-US locale (about 8 kB gzipped) into the first load. Pages with richer
 * needs (calendars, charts, relative times) still use date-fns in their own chunks.
 *
 * In another language than English (issue #25) the names of months and weekdays come from
 * Intl, and formatDate, formatLongDate and localDate write the language's own order through
 * Intl.DateTimeFormat; English keeps the patterns above (they are what the spec shows).
 */
import { t } from '@/lib/i18n/i18n';
import { currentLocale } from '@/lib/i18n/locale';
import { firstDayOfWeek } from '@/lib/i18n/week';

/** Week starts Monday in English (spec 01 §9); another language starts on its own first day. */
export const WEEK_STARTS_ON = 1 as const;

const DAY_MS = 86_400_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// The tokens of date-fns' format() that the app's patterns use; text in quotes is literal.
/** The name of a date's month or weekday in the shown language (English: the tables above). */
function named(d: Date, part: Intl.DateTimeFormatOptions): string {
  return formatter(currentLocale(), part).format(d);
}

/**
 * One Intl.DateTimeFormat per language and options, kept: building one costs far more than
 * formatting with it (a tenth of the dashboard's script time on a slow phone, where every
 * plant card and week-strip chip wrote a date with a new one). Options are the module-level
 * constants of their callers, so few are ever made.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}
const english = () => currentLocale() === 'en';

const TOKENS: Record<string, (d: Date) => string> = {
  yyyy: (d) => pad(d.getFullYear(), 4),
  MMMM: (d) => (english() ? MONTHS[d.getMonth()]! : named(d, { month: 'long' })),
  MMM: (d) => (english() ? MONTHS[d.getMonth()]!.slice(0, 3) : named(d, { month: 'short' })),
  MM: (d) => pad(d.getMonth() + 1),
  M: (d) => String(d.getMonth() + 1),
  dd: (d) => pad(d.getDate()),
  d: (d) => String(d.getDate()),
  EEEE: (d) => (english() ? WEEKDAYS[d.getDay()]! : named(d, { weekday: 'long' })),
  EEE: (d) => (english() ? WEEKDAYS[d.getDay()]!.slice(0, 3) : named(d, { weekday: 'short' })),
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

/**
 * localDate writes a date with Intl in the shown language ({ month: 'short', day: 'numeric' }:
 * "Nov 27", "27. Nov.", "27 нояб."); English as en-US writes it, as the app's patterns do.
 */
export function localDate(date: Date, options: Intl.DateTimeFormatOptions): string {
  return formatter(english() ? 'en-US' : currentLocale(), options).format(date);
}

/**
 * The first Intl.DateTimeFormat of a language loads ICU's calendar data for it: 13 ms at
 * Lighthouse's phone speed, inside the render of the first plant card ("Water Nov 27"). The
 * formats the first pages write (a card's day, the week strip's weekday) are made in a task of
 * their own as soon as this module is loaded, with the first page's code and while the page
 * still waits for its data; lib/i18n/i18n.ts warms the number format the same way.
 */
const FIRST_FORMATS: Intl.DateTimeFormatOptions[] = [{ month: 'short', day: 'numeric' }, { weekday: 'short' }];
if (typeof window !== 'undefined') setTimeout(() => FIRST_FORMATS.forEach((options) => localDate(new Date(0), options)), 0);

const MEDIUM: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const LONG: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', year: 'numeric' };

/**
 * formatDate: "MMM d, yyyy" (the app's general date format; another language's own medium
 * date), '' when unreadable. A pattern of one's own keeps its order in every language.
 */
export function formatDate(value: string | Date | null | undefined, pattern?: string): string {
  const date = value instanceof Date ? value : parseDate(value);
  if (!date || Number.isNaN(date.getTime())) return '';
  if (pattern) return format(date, pattern);
  return english() ? format(date, 'MMM d, yyyy') : localDate(date, MEDIUM);
}

/** formatLongDate: "MMMM d, yyyy" (journal entries; another language's own long date). */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = value instanceof Date ? value : parseDate(value);
  if (!date || Number.isNaN(date.getTime())) return '';
  return english() ? format(date, 'MMMM d, yyyy') : localDate(date, LONG);
}

/**
 * relativeDay labels an upcoming date on plant cards: Today, Tomorrow, "In N days" within
 * a week, otherwise "MMM d" (also for overdue dates); null when there is no date. In a
 * sentence ("Water today"), today and tomorrow are written as a sentence writes them.
 */
export function relativeDay(value: string | null | undefined, now: Date = new Date(), inSentence = false): string | null {
  const date = parseDate(value);
  if (!date) return null;
  const days = differenceInCalendarDays(date, now);
  if (days === 0) return t(inSentence ? 'date.todayInSentence' : 'date.today');
  if (days === 1) return t(inSentence ? 'date.tomorrowInSentence' : 'date.tomorrow');
  if (days > 1 && days < 7) return t('date.inDays', { count: days });
  return localDate(date, { month: 'short', day: 'numeric' });
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

/**
 * weekStart: the first day of the date's week (local midnight): Monday in English (the
 * spec's), else the shown language's first day (lib/i18n/week.ts: Sunday in Brazil).
 */
export function weekStart(date: Date, firstDay: number = firstDayOfWeek()): Date {
  const back = (date.getDay() - firstDay + 7) % 7;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - back);
}

/** weekDays: the seven days (the language's first day first) of the date's week. */
export function weekDays(date: Date): Date[] {
  const start = weekStart(date);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** isoWeek: the ISO week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): number {
  const monday = (d: Date) => weekStart(d, WEEK_STARTS_ON);
  const thursday = addDays(monday(date), 3);
  const firstThursday = new Date(thursday.getFullYear(), 0, 4);
  return Math.round(differenceInCalendarDays(monday(thursday), monday(firstThursday)) / 7) + 1;
}

/** monthGrid: whole weeks (the language's first day first) covering the date's month, 28 to 42 days. */
export function monthGrid(date: Date): Date[] {
  const first = weekStart(new Date(date.getFullYear(), date.getMonth(), 1));
  const last = addDays(weekStart(new Date(date.getFullYear(), date.getMonth() + 1, 0)), 6);
  const count = differenceInCalendarDays(last, first) + 1;
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** Short weekday names, Monday first (English). */
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/**
 * weekdayNames: the short names of a calendar's columns in the shown language, its first day
 * first (English: WEEKDAY_SHORT, Monday first).
 */
export function weekdayNames(): string[] {
  if (english()) return [...WEEKDAY_SHORT];
  const start = weekStart(new Date(2026, 0, 7)); // any week will do
  return Array.from({ length: 7 }, (_, i) => named(addDays(start, i), { weekday: 'short' }));
}
