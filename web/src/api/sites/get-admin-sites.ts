import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { Site } from '../types';

/**
 * useAdminSites: GET /api/admin/sites — the first sites by name, up to the API's page maximum
 * (200), for a superadmin's pickers. A list page uses urls.sitesQuery with usePagedList.
 */
export function useAdminSites(enabled = true) {
  return useApiQuery<Site[]>(enabled ? urls.sitesQuery({ limit: '200' }, true) : null);
}
