/*
 * Local storage that never throws: a blocked or full storage (private mode, a sandboxed
 * frame) reads as empty and ignores writes, so callers keep working from memory.
 */

/** readStored returns the stored string, or null when absent or unreadable. */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** writeStored stores value under key; a blocked or full storage keeps nothing. */
export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // blocked or full: nothing is kept
  }
}

/** removeStored forgets key; nothing to do when storage is blocked. */
export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // blocked: nothing to forget
  }
}
