import { apiJSON } from '@/api/client';
import { siteKeys, urls } from '@/api/keys';
import type { Site } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/** patchToggleSiteStatus: PATCH /api/sites/{id}/toggle-status — the site, active ↔ inactive. */
export function patchToggleSiteStatus(_key: string, { arg }: { arg: number }): Promise<Site> {
  return apiJSON<Site>('PATCH', urls.siteToggleStatus(arg));
}

/** useToggleSiteStatus switches a site between active and inactive, then refreshes the lists. */
export function useToggleSiteStatus() {
  return useApiMutation<Site, number>(urls.sites, patchToggleSiteStatus, { refresh: [siteKeys] });
}
