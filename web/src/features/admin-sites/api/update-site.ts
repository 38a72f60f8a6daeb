import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { Site, SiteInput } from '@/api/types';

export interface UpdateSiteArg {
  id: number;
  site: SiteInput;
}

/** patchSite: PATCH /api/sites/{id} — the site · 400 the site form's messages (superadmins). */
export function patchSite(_key: string, { arg }: { arg: UpdateSiteArg }): Promise<Site> {
  return apiJSON<Site>('PATCH', urls.site(arg.id), arg.site);
}

/** useUpdateSite changes a site, then refreshes every site list. */
export function useUpdateSite() {
  const refresh = useRefresh();
  return useSWRMutation<Site, Error, string, UpdateSiteArg>(urls.sites, patchSite, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(maintenanceKeys),
  });
}
