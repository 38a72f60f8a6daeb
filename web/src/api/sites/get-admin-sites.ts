import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { Site } from '../types';

/** useAdminSites: GET /api/admin/sites — every site, for a superadmin's pickers. */
export function useAdminSites(enabled = true) {
  return useApiQuery<Site[]>(enabled ? urls.adminSites : null);
}
