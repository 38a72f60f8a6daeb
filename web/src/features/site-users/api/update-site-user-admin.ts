import { apiJSON } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';
import type { SiteUser } from '@/api/types';

/**
 * useSetSiteUserAdmin grants or removes site admin rights with PATCH /api/site-users/{id}/admin
 * {isAdmin} (the link; superadmins), then refreshes the members.
 */
export function useSetSiteUserAdmin() {
  return useApiMutation<SiteUser, { id: number; isAdmin: boolean }>('/api/site-users/admin', (_key, { arg: { id, isAdmin } }) =>
    apiJSON<SiteUser>('PATCH', urls.siteUserAdmin(id), { isAdmin }), { refresh: [userKeys, siteKeys] });
}
