import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { Site } from '@/api/types';

/** useCurrentSite: GET /api/sites/current — the caller's site (404 without one). */
export function useCurrentSite(enabled = true) {
  return useApiQuery<Site>(enabled ? urls.currentSite : null);
}
