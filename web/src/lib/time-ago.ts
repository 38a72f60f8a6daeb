import { formatDistanceToNowStrict, parseISO } from 'date-fns';

/** timeAgo labels a past timestamp relatively ("3 days ago"); '' when unreadable. */
export function timeAgo(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = parseISO(value);
  if (Number.isNaN(date.getTime())) return '';
  if (Math.abs(now.getTime() - date.getTime()) < 60_000) return 'just now';
  return formatDistanceToNowStrict(date, { addSuffix: true });
}

/** formatPounds writes a price in pounds with two decimals (spec 02 §2: "price in pounds"). */
export function formatPounds(value: number | null | undefined): string {
  return `£${(value ?? 0).toFixed(2)}`;
}
