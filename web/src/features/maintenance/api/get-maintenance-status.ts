import { useEffect } from 'react';
import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { MaintenanceStatus } from '@/api/types';

/** The maintenance status is read again every 60 s (spec 01 §4, §9). */
export const MAINTENANCE_POLL_MS = 60_000;

/**
 * useMaintenanceStatus: GET /api/maintenance/status, read again every 60 seconds and when
 * the window gets the focus — the app's only polling (spec 01 §9). The timer keeps running
 * after a failed read, so a passing network error does not stop the checks.
 */
export function useMaintenanceStatus(enabled = true) {
  const query = useApiQuery<MaintenanceStatus>(enabled ? urls.maintenanceStatus : null);
  const { mutate } = query;
  useEffect(() => {
    if (!enabled) return;
    const poll = () => void mutate();
    const timer = window.setInterval(poll, MAINTENANCE_POLL_MS);
    window.addEventListener('focus', poll);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', poll);
    };
  }, [enabled, mutate]);
  return query;
}
