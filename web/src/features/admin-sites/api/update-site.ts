import { apiJSON } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';
import type { Site, SiteInput } from '@/api/types';

/**
 * useUpdateSite changes a site with PATCH /api/sites/{id} (the site · 400 the site form's
 * messages; superadmins), then refreshes every site list.
 */
export function useUpdateSite() {
  return useApiMutation<Site, { id: number; site: SiteInput }>(urls.sites, (_key, { arg }) => apiJSON<Site>('PATCH', urls.site(arg.id), arg.site), {
    refresh: [maintenanceKeys],
  });
}
