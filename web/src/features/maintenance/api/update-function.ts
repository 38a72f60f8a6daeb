import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { AppFunction, MaintenanceSwitch } from '@/api/types';

export interface FunctionSwitchArg extends MaintenanceSwitch {
  id: number;
}

/**
 * patchFunction: PATCH /api/maintenance/functions/{id} with {maintenanceMode, message};
 * 400 "A message is required to turn maintenance on".
 */
export function patchFunction(_key: string, { arg }: { arg: FunctionSwitchArg }): Promise<AppFunction> {
  const { id, ...body } = arg;
  return apiJSON<AppFunction>('PATCH', urls.maintenanceFunction(id), body);
}

/** useSetFunctionMaintenance switches a function's maintenance, then refreshes the list and the status. */
export function useSetFunctionMaintenance() {
  const refresh = useRefresh();
  return useSWRMutation<AppFunction, Error, string, FunctionSwitchArg>(urls.maintenanceFunctions, patchFunction, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(maintenanceKeys),
  });
}
