import { apiJSON } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import type { AppFunction, NewAppFunction } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/** postFunction: POST /api/maintenance/functions — 201 · 400 "Name and display name are required". */
export function postFunction(url: string, { arg }: { arg: NewAppFunction }): Promise<AppFunction> {
  return apiJSON<AppFunction>('POST', url, arg);
}

/** useCreateFunction adds an application function, then refreshes the list. */
export function useCreateFunction() {
  return useApiMutation<AppFunction, NewAppFunction>(urls.maintenanceFunctions, postFunction, { refresh: [maintenanceKeys] });
}
