import { apiJSON } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';
import type { AddSiteUserInput, SiteUser } from '@/api/types';

/**
 * useAddSiteUser puts an existing user on a site with POST /api/sites/{id}/users {userId, role,
 * isAdmin} — 201 the link · 409 "This user already belongs to a site" · 403 "User limit
 * reached" — then refreshes the members and the sites.
 */
export function useAddSiteUser() {
  return useApiMutation<SiteUser, AddSiteUserInput & { siteId: number }>(urls.sites, (_key, { arg: { siteId, ...body } }) =>
    apiJSON<SiteUser>('POST', urls.siteUsers(siteId), body), { refresh: [userKeys, siteKeys] });
}
