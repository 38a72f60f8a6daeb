import { formatDate } from '@/lib/dates';

/** relativeTime: "5 minutes ago" in the shown language (a time ahead of the clock counts as now). */
export { relativeTime } from '@/lib/time-ago';

/** fullTime: "MMM d, yyyy, h:mm a" for a time's tooltip. */
export function fullTime(value: string | null | undefined): string {
  return formatDate(value, 'MMM d, yyyy, h:mm a');
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
