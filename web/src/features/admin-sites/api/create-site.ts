import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { Site, SiteInput } from '@/api/types';

/** postSite: POST /api/sites — 201 the site · 400 the site form's messages (superadmins). */
export function postSite(url: string, { arg }: { arg: SiteInput }): Promise<Site> {
  return apiJSON<Site>('POST', url, arg);
}

/** useCreateSite adds a site, then refreshes every site list. */
export function useCreateSite() {
  const refresh = useRefresh();
  return useSWRMutation<Site, Error, string, SiteInput>(urls.sites, postSite, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(maintenanceKeys),
  });
}
