import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { SiteUser } from '@/api/types';

export interface SiteUserAdminArg {
  id: number;
  isAdmin: boolean;
}

/** patchSiteUserAdmin: PATCH /api/site-users/{id}/admin {isAdmin} — the link (superadmins). */
export function patchSiteUserAdmin(_key: string, { arg }: { arg: SiteUserAdminArg }): Promise<SiteUser> {
  return apiJSON<SiteUser>('PATCH', urls.siteUserAdmin(arg.id), { isAdmin: arg.isAdmin });
}

/** useSetSiteUserAdmin grants or removes site admin rights, then refreshes the members. */
export function useSetSiteUserAdmin() {
  const refresh = useRefresh();
  return useSWRMutation<SiteUser, Error, string, SiteUserAdminArg>('/api/site-users/admin', patchSiteUserAdmin, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(userKeys, siteKeys),
  });
}
