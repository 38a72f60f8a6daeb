import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { AddSiteUserInput, SiteUser } from '@/api/types';

export interface AddSiteUserArg extends AddSiteUserInput {
  siteId: number;
}

/**
 * postAddSiteUser: POST /api/sites/{id}/users {userId, role, isAdmin} — 201 the link ·
 * 409 "This user already belongs to a site" · 403 "User limit reached".
 */
export function postAddSiteUser(_key: string, { arg }: { arg: AddSiteUserArg }): Promise<SiteUser> {
  const { siteId, ...body } = arg;
  return apiJSON<SiteUser>('POST', urls.siteUsers(siteId), body);
}

/** useAddSiteUser puts an existing user on a site, then refreshes the members and the sites. */
export function useAddSiteUser() {
  const refresh = useRefresh();
  return useSWRMutation<SiteUser, Error, string, AddSiteUserArg>(urls.sites, postAddSiteUser, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(userKeys, siteKeys),
  });
}
