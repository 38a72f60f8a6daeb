import { formatDistance, formatDistanceStrict, parseISO } from 'date-fns';
import { currentLocale } from './i18n/locale';

/** The units of a relative time in another language than English, largest first. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * inShownLanguage says how long ago `date` was in the shown language through Intl ("vor 3
 * Tagen", "il y a 3 heures", "hier"). English keeps date-fns' words (the spec's and the tests'
 * texts), which Intl does not write.
 */
function inShownLanguage(date: Date, now: Date, locale: string): string {
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return words.format(-Math.round(seconds / size), unit);
  return words.format(0, 'second');
}

function readDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * timeAgo labels a past timestamp relatively, in exact units ("3 days ago", "just now" within a
 * minute); '' when unreadable. Listings, questions and answers, sessions.
 */
export function timeAgo(value: string | null | undefined, now: Date = new Date()): string {
  const date = readDate(value);
  if (!date) return '';
  const locale = currentLocale();
  if (locale !== 'en') return inShownLanguage(date, now, locale);
  if (Math.abs(now.getTime() - date.getTime()) < 60_000) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true });
}

/**
 * relativeTime labels a timestamp in rounded words ("about 3 hours ago", "less than a minute
 * ago"); a time a little ahead of this clock reads as now; '' when unreadable. Forum posts,
 * notifications, layouts and plans.
 */
export function relativeTime(value: string | null | undefined, now: Date = new Date()): string {
  const date = readDate(value);
  if (!date) return '';
  const past = date.getTime() > now.getTime() ? now : date;
  const locale = currentLocale();
  if (locale !== 'en') return inShownLanguage(past, now, locale);
  return formatDistance(past, now, { addSuffix: true });
}

/** formatPounds writes a price in pounds with two decimals (spec 02 §2: "price in pounds"). */
export function formatPounds(value: number | null | undefined): string {
  return `£${(value ?? 0).toFixed(2)}`;
}
