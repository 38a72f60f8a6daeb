import { apiJSON } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import type { Site, SiteInput } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/** postSite: POST /api/sites — 201 the site · 400 the site form's messages (superadmins). */
export function postSite(url: string, { arg }: { arg: SiteInput }): Promise<Site> {
  return apiJSON<Site>('POST', url, arg);
}

/** useCreateSite adds a site, then refreshes every site list. */
export function useCreateSite() {
  return useApiMutation<Site, SiteInput>(urls.sites, postSite, { refresh: [maintenanceKeys] });
}
