import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { Site } from '../types';

/**
 * useSites: GET /api/sites — the first sites by name (up to the API's page maximum, 200) for a
 * superadmin, the caller's own otherwise. A list page uses urls.sitesQuery with usePagedList.
 */
export function useSites(enabled = true) {
  return useApiQuery<Site[]>(enabled ? urls.sitesQuery({ limit: '200' }) : null);
}
