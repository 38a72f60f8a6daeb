import { todayKey } from '@/lib/dates';
import { hadGardenSuccess, SUCCESS_KEY } from '@/lib/garden-success';
import { readStored, removeStored, writeStored } from '@/lib/local-storage';
import type { PushPermission } from '@/lib/push';

/** Local storage keys of the notification prompt (spec 01 §3), and the success it waits for. */
export const PROMPT_KEYS = {
  prompted: 'notificationPrompted',
  promptedDate: 'notificationPromptedDate',
  dismissed: 'notificationDismissed',
  earned: SUCCESS_KEY,
} as const;

/** The prompt's success state closes after 2 s (spec 01 §9). */
export const PROMPT_SUCCESS_CLOSE_MS = 2000;

/**
 * After "Not now" the prompt stays away this many days (issue 27: never twice in a week; the
 * spec's daily reset asked every day).
 */
export const PROMPT_SNOOZE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from the local yyyy-MM-dd `from` to `to` (NaN for a malformed date). */
function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Math.round((b - a) / DAY_MS);
}

/**
 * resetPromptedAfterSnooze forgets "prompted" once PROMPT_SNOOZE_DAYS days have passed since
 * the stored prompted date (a malformed or future date is forgotten too). Dates are the local
 * yyyy-MM-dd.
 */
export function resetPromptedAfterSnooze(now: Date = new Date()): void {
  const date = readStored(PROMPT_KEYS.promptedDate);
  if (date !== null) {
    const days = daysBetween(date, todayKey(now));
    if (days >= 0 && days < PROMPT_SNOOZE_DAYS) return;
  }
  if (readStored(PROMPT_KEYS.prompted) !== null || date !== null) {
    removeStored(PROMPT_KEYS.prompted);
    removeStored(PROMPT_KEYS.promptedDate);
  }
}

/** wasPromptedRecently: the prompt was answered or put off within the snooze. */
export function wasPromptedRecently(now: Date = new Date()): boolean {
  resetPromptedAfterSnooze(now);
  return readStored(PROMPT_KEYS.prompted) === 'true';
}

/** wasDismissed: the browser refused the permission from the prompt; prompts stop for good. */
export function wasDismissed(): boolean {
  return readStored(PROMPT_KEYS.dismissed) === 'true';
}

/** markPrompted stores the prompted flag and today's date, and spends the success. */
export function markPrompted(now: Date = new Date()): void {
  writeStored(PROMPT_KEYS.prompted, 'true');
  writeStored(PROMPT_KEYS.promptedDate, todayKey(now));
  removeStored(PROMPT_KEYS.earned);
}

/** markDismissed stores the dismissed flag (with prompted). */
export function markDismissed(now: Date = new Date()): void {
  markPrompted(now);
  writeStored(PROMPT_KEYS.dismissed, 'true');
}

/**
 * shouldPrompt: push is supported, the permission is neither granted nor denied, the prompt
 * was neither dismissed nor answered within the snooze (spec 01 §4, §5), and the gardener has
 * had a success since it last asked (issue 27).
 */
export function shouldPrompt(permission: PushPermission, now: Date = new Date()): boolean {
  return permission === 'default' && !wasDismissed() && !wasPromptedRecently(now) && hadGardenSuccess();
}
