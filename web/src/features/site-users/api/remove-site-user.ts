import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';

/** deleteSiteUser: DELETE /api/site-users/{id} — 204: the user leaves the site. */
export async function deleteSiteUser(_key: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.siteUser(arg));
}

/** useRemoveSiteUser takes a user off their site, then refreshes the members and the sites. */
export function useRemoveSiteUser() {
  const refresh = useRefresh();
  return useSWRMutation<void, Error, string, number>('/api/site-users', deleteSiteUser, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(userKeys, siteKeys),
  });
}
