import type { User } from '@/api/types';
import { STORAGE_KEYS } from '@/lib/session';

/**
 * syncSessionUser stores the caller's saved account as the session's user and tells the
 * session so (the same storage event another tab would send), so the header shows a new
 * name at once.
 */
export function syncSessionUser(user: User): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  } catch {
    return; // storage blocked: the header catches up on the next load
  }
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user }));
}
