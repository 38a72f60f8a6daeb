import { apiRequest } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';

/** deleteSiteUser: DELETE /api/site-users/{id} — 204: the user leaves the site. */
export async function deleteSiteUser(_key: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.siteUser(arg));
}

/** useRemoveSiteUser takes a user off their site, then refreshes the members and the sites. */
export function useRemoveSiteUser() {
  return useApiMutation<void, number>('/api/site-users', deleteSiteUser, { refresh: [userKeys, siteKeys] });
}
