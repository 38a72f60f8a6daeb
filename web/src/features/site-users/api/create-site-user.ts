import { apiJSON } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import type { NewSiteUser, User } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/**
 * postSiteUser: POST /api/sites/users — 201 a general user of that site · 400 "Please select
 * a site", "Password must be at least 6 characters" · 403 "User limit reached".
 */
export function postSiteUser(url: string, { arg }: { arg: NewSiteUser }): Promise<User> {
  return apiJSON<User>('POST', url, arg);
}

/** useCreateSiteUser creates a user on a site, then refreshes the members and the sites (counts). */
export function useCreateSiteUser() {
  return useApiMutation<User, NewSiteUser>(urls.newSiteUser, postSiteUser, { refresh: [userKeys, siteKeys] });
}
