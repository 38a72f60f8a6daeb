import type { MessageKey } from '@/lib/i18n/i18n';

/** The daily import time when the schedule names none (spec 01 §5, §9). */
export const DEFAULT_IMPORT_TIME = '01:30';

/** The import schedule's date format (spec 01 §9); another language writes the same parts its own way. */
export const SCHEDULE_DATE_FORMAT = 'MMM d, yyyy, h:mm a';
export const SCHEDULE_DATE_PARTS: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };

/** The server's message for a malformed time (docs/api.md), also used before sending: a catalogue key. */
export const TIME_FORMAT_MESSAGE: MessageKey = 'plantdb.admin.schedule.timeFormat';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * normalizeTime reads a 24-hour time typed as H:MM or HH:MM (00:00 to 23:59) and gives
 * it as HH:MM; null when it is not one.
 */
export function normalizeTime(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}

/**
 * timeFromCron: HH:MM of a daily cron expression — six fields with seconds first (minute
 * the second field, hour the third), or the classic five; null when it is not daily.
 */
export function timeFromCron(cron: string | null | undefined): string | null {
  const fields = (cron ?? '').trim().split(/\s+/);
  let minute: string | undefined;
  let hour: string | undefined;
  if (fields.length === 6) [, minute, hour] = fields;
  else if (fields.length === 5) [minute, hour] = fields;
  if (!minute || !hour || !/^\d{1,2}$/.test(minute) || !/^\d{1,2}$/.test(hour)) return null;
  return normalizeTime(`${hour}:${minute.padStart(2, '0')}`);
}

/** scheduleTime: the schedule's HH:MM — its `time`, else read from the cron, else 01:30. */
export function scheduleTime(schedule: { time?: string | null; cronTime?: string | null } | undefined): string {
  return normalizeTime(schedule?.time ?? '') ?? timeFromCron(schedule?.cronTime) ?? DEFAULT_IMPORT_TIME;
}
