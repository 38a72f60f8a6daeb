import { formatDate, localDate, parseDate } from '@/lib/dates';
import { currentLocale } from '@/lib/i18n/locale';

/** relativeTime: "5 minutes ago" in the shown language (a time ahead of the clock counts as now). */
export { relativeTime } from '@/lib/time-ago';

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
