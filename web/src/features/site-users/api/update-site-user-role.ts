import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { SiteRole, SiteUser } from '@/api/types';

export interface SiteUserRoleArg {
  id: number;
  role: SiteRole;
}

/** patchSiteUserRole: PATCH /api/site-users/{id}/role {role} — the link. */
export function patchSiteUserRole(_key: string, { arg }: { arg: SiteUserRoleArg }): Promise<SiteUser> {
  return apiJSON<SiteUser>('PATCH', urls.siteUserRole(arg.id), { role: arg.role });
}

/** useSetSiteUserRole changes a member's role within the site (member, manager, owner). */
export function useSetSiteUserRole() {
  const refresh = useRefresh();
  return useSWRMutation<SiteUser, Error, string, SiteUserRoleArg>('/api/site-users/role', patchSiteUserRole, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(userKeys, siteKeys),
  });
}
