import { apiJSON } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';
import type { AppFunction, MaintenanceSwitch } from '@/api/types';

/**
 * useSetFunctionMaintenance switches a function's maintenance with PATCH
 * /api/maintenance/functions/{id} {maintenanceMode, message} (400 "A message is required to
 * turn maintenance on"), then refreshes the list and the status.
 */
export function useSetFunctionMaintenance() {
  return useApiMutation<AppFunction, MaintenanceSwitch & { id: number }>(
    urls.maintenanceFunctions,
    (_key, { arg: { id, ...body } }) => apiJSON<AppFunction>('PATCH', urls.maintenanceFunction(id), body),
    { refresh: [maintenanceKeys] },
  );
}
