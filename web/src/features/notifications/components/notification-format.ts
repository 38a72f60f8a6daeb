import { formatDistance } from 'date-fns';
import { formatDate, localDate, parseDate } from '@/lib/dates';
import { currentLocale } from '@/lib/i18n/locale';

/** The largest unit that fits a distance (in seconds), and how many of it, for Intl.RelativeTimeFormat. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * relativeTime: "5 minutes ago" (a time ahead of the clock counts as now); '' when unreadable.
 * English keeps date-fns' wording; another language says it with Intl ("vor 5 Minuten").
 */
export function relativeTime(value: string | null | undefined, now: Date = new Date()): string {
  const date = parseDate(value);
  if (!date) return '';
  const then = date.getTime() > now.getTime() ? now : date;
  const locale = currentLocale();
  if (locale === 'en') return formatDistance(then, now, { addSuffix: true });
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (seconds >= size) return format.format(-Math.round(seconds / size), unit);
  return format.format(0, 'second');
}

/** fullTime: "MMM d, yyyy, h:mm a" for a time's tooltip (another language's own date and time). */
export function fullTime(value: string | null | undefined): string {
  if (currentLocale() === 'en') return formatDate(value, 'MMM d, yyyy, h:mm a');
  const date = parseDate(value);
  return date ? localDate(date, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

/**
 * appPath: the notification's `data.url` when it is a path of this app ("/schedule"); null
 * for anything else, including protocol-relative "//host" links, so a click never leaves the app.
 */
export function appPath(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const value = url.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
