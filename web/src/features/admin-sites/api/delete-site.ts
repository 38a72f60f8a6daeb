import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';

/** deleteSite: DELETE /api/sites/{id} — 204 · 409 "This site still has users: move or remove them first". */
export async function deleteSite(_key: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.site(arg));
}

/** useDeleteSite removes a site, then refreshes every site list. */
export function useDeleteSite() {
  const refresh = useRefresh();
  return useSWRMutation<void, Error, string, number>(urls.sites, deleteSite, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(maintenanceKeys),
  });
}
