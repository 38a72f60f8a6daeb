import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { siteKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { Site } from '@/api/types';

/** patchToggleSiteStatus: PATCH /api/sites/{id}/toggle-status — the site, active ↔ inactive. */
export function patchToggleSiteStatus(_key: string, { arg }: { arg: number }): Promise<Site> {
  return apiJSON<Site>('PATCH', urls.siteToggleStatus(arg));
}

/** useToggleSiteStatus switches a site between active and inactive, then refreshes the lists. */
export function useToggleSiteStatus() {
  const refresh = useRefresh();
  return useSWRMutation<Site, Error, string, number>(urls.sites, patchToggleSiteStatus, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(siteKeys),
  });
}
