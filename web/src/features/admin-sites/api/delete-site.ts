import { apiRequest } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';

/** deleteSite: DELETE /api/sites/{id} — 204 · 409 "This site still has users: move or remove them first". */
export async function deleteSite(_key: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.site(arg));
}

/** useDeleteSite removes a site, then refreshes every site list. */
export function useDeleteSite() {
  return useApiMutation<void, number>(urls.sites, deleteSite, { refresh: [maintenanceKeys] });
}
