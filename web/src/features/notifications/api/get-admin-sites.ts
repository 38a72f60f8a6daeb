import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { Site } from '@/api/types';

/**
 * useAdminSites: GET /api/admin/sites — every site, for the send form's site picker
 * (superadmins); nothing is fetched until the picker is shown.
 */
export function useAdminSites(enabled = true) {
  return useApiQuery<Site[]>(enabled ? urls.adminSites : null);
}
