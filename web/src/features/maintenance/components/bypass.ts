import { useCallback, useState } from 'react';
import type { User } from '@/api/types';

/**
 * Continue Anyway lasts for the browser session (spec 01 §4): the superadmin's id is kept in
 * sessionStorage, so a reload keeps it, closing the tab forgets it, and nobody else who signs
 * in on the same tab inherits it.
 */
export const BYPASS_KEY = 'garden.maintenanceBypass';

export function readBypass(): string | null {
  try {
    return window.sessionStorage.getItem(BYPASS_KEY);
  } catch {
    return null;
  }
}

function writeBypass(userId: number): void {
  try {
    window.sessionStorage.setItem(BYPASS_KEY, String(userId));
  } catch {
    // sessionStorage blocked: the bypass lasts until the page is reloaded
  }
}

/** isBypassed: only a superadmin can bypass, and only their own Continue Anyway counts. */
export function isBypassed(user: Pick<User, 'id' | 'role'> | null | undefined, stored: string | null): boolean {
  return Boolean(user && user.role === 'superadmin' && stored === String(user.id));
}

/** useMaintenanceBypass gives whether the user bypassed the notice, and Continue Anyway. */
export function useMaintenanceBypass(user: Pick<User, 'id' | 'role'> | null | undefined): [boolean, () => void] {
  const [stored, setStored] = useState(readBypass);
  const bypass = useCallback(() => {
    if (!user || user.role !== 'superadmin') return;
    writeBypass(user.id);
    setStored(String(user.id));
  }, [user]);
  return [isBypassed(user, stored), bypass];
}
