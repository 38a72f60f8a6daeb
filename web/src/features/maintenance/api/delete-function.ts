import { apiRequest } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';

/** deleteFunction: DELETE /api/maintenance/functions/{id} — 204 · 403 for site_wide. */
export async function deleteFunction(_key: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.maintenanceFunction(arg));
}

/** useDeleteFunction removes an application function, then refreshes the list and the status. */
export function useDeleteFunction() {
  return useApiMutation<void, number>(urls.maintenanceFunctions, deleteFunction, { refresh: [maintenanceKeys] });
}
