import { todayKey } from '@/lib/dates';
import { readStored, removeStored, writeStored } from '@/lib/local-storage';
import type { PushPermission } from '@/lib/push';

/** Local storage keys of the notification prompt (spec 01 §3). */
export const PROMPT_KEYS = {
  prompted: 'notificationPrompted',
  promptedDate: 'notificationPromptedDate',
  dismissed: 'notificationDismissed',
} as const;

/** Prompt timings (spec 01 §9). */
export const CORNER_PROMPT_DELAY_MS = 5000;
export const MODAL_PROMPT_DELAY_MS = 3000;
export const PROMPT_SUCCESS_CLOSE_MS = 2000;

/**
 * resetPromptedOnNewDay forgets "prompted" once the day it was stored on is over (spec 01 §4:
 * the stored prompted date resets when a new day starts). Dates are the local yyyy-MM-dd.
 */
export function resetPromptedOnNewDay(now: Date = new Date()): void {
  const date = readStored(PROMPT_KEYS.promptedDate);
  if (date === todayKey(now)) return;
  if (readStored(PROMPT_KEYS.prompted) !== null || date !== null) {
    removeStored(PROMPT_KEYS.prompted);
    removeStored(PROMPT_KEYS.promptedDate);
  }
}

/** wasPromptedToday: the prompt was answered or dismissed today (after the daily reset). */
export function wasPromptedToday(now: Date = new Date()): boolean {
  resetPromptedOnNewDay(now);
  return readStored(PROMPT_KEYS.prompted) === 'true';
}

/** wasDismissed: a refusal in the modal; prompts stop for good on this browser. */
export function wasDismissed(): boolean {
  return readStored(PROMPT_KEYS.dismissed) === 'true';
}

/** markPrompted stores the prompted flag and today's date. */
export function markPrompted(now: Date = new Date()): void {
  writeStored(PROMPT_KEYS.prompted, 'true');
  writeStored(PROMPT_KEYS.promptedDate, todayKey(now));
}

/** markDismissed stores the dismissed flag (with prompted). */
export function markDismissed(now: Date = new Date()): void {
  markPrompted(now);
  writeStored(PROMPT_KEYS.dismissed, 'true');
}

/**
 * shouldPrompt: push is supported, the permission is neither granted nor denied, and the
 * prompt was neither dismissed nor already shown today (spec 01 §4, §5).
 */
export function shouldPrompt(permission: PushPermission, now: Date = new Date()): boolean {
  return permission === 'default' && !wasDismissed() && !wasPromptedToday(now);
}
