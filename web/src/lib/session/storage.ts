import { TOKEN_KEY } from '@/api/client';
import type { ImpersonationRecord, User } from '@/api/types';
import { forgetPageHeaders } from '@/lib/boot-shell';
import { readStored, removeStored, writeStored } from '@/lib/local-storage';

/** Local storage keys of the session (spec 01 §3). */
export const STORAGE_KEYS = {
  token: TOKEN_KEY,
  user: 'user',
  impersonation: 'impersonation',
} as const;

function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.id === 'number' || typeof v.id === 'string') &&
    typeof v.username === 'string' &&
    typeof v.role === 'string'
  );
}

/** readToken returns the stored bearer token, or null. */
export function readToken(): string | null {
  const token = readStored(STORAGE_KEYS.token);
  return token && token.trim() ? token : null;
}

/**
 * readUser returns the stored user. Data that cannot be read (not JSON, or not a user
 * object) is discarded from storage (spec 01 §4).
 */
export function readUser(): User | null {
  const raw = readStored(STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (isUser(value)) return value;
  } catch {
    // fall through: unreadable
  }
  removeStored(STORAGE_KEYS.user);
  return null;
}

/** readImpersonation returns the stored impersonation record; unreadable data is discarded. */
export function readImpersonation(): ImpersonationRecord | null {
  const raw = readStored(STORAGE_KEYS.impersonation);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<ImpersonationRecord> | null;
    if (value && value.isImpersonating === true && isUser(value.originalUser)) {
      return { isImpersonating: true, originalUser: value.originalUser };
    }
  } catch {
    // fall through: unreadable
  }
  removeStored(STORAGE_KEYS.impersonation);
  return null;
}

/** writeSession stores the token and the user object whole. */
export function writeSession(token: string, user: User): void {
  writeStored(STORAGE_KEYS.token, token);
  writeStored(STORAGE_KEYS.user, JSON.stringify(user));
}

/** writeUser replaces the stored user (after the server confirmed a fresher copy). */
export function writeUser(user: User): void {
  writeStored(STORAGE_KEYS.user, JSON.stringify(user));
}

/** writeImpersonation stores the impersonation record, or removes it when null. */
export function writeImpersonation(record: ImpersonationRecord | null): void {
  if (record) writeStored(STORAGE_KEYS.impersonation, JSON.stringify(record));
  else removeStored(STORAGE_KEYS.impersonation);
}

/** clearSession removes token, user and impersonation entries, and the shell's page headings. */
export function clearSession(): void {
  forgetPageHeaders();
  removeStored(STORAGE_KEYS.token);
  removeStored(STORAGE_KEYS.user);
  removeStored(STORAGE_KEYS.impersonation);
}

/**
 * storeLoginResponse keeps a login response: the token, and the user stored whole
 * (spec 01 §3); a leftover impersonation record from an earlier session is dropped.
 */
export function storeLoginResponse(response: { token: string; user: User }): void {
  writeSession(response.token, response.user);
  writeImpersonation(null);
}
