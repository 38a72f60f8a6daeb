import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';

/** deleteFunction: DELETE /api/maintenance/functions/{id} — 204 · 403 for site_wide. */
export async function deleteFunction(_key: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.maintenanceFunction(arg));
}

/** useDeleteFunction removes an application function, then refreshes the list and the status. */
export function useDeleteFunction() {
  const refresh = useRefresh();
  return useSWRMutation<void, Error, string, number>(urls.maintenanceFunctions, deleteFunction, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(maintenanceKeys),
  });
}
