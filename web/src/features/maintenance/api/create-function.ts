import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { AppFunction, NewAppFunction } from '@/api/types';

/** postFunction: POST /api/maintenance/functions — 201 · 400 "Name and display name are required". */
export function postFunction(url: string, { arg }: { arg: NewAppFunction }): Promise<AppFunction> {
  return apiJSON<AppFunction>('POST', url, arg);
}

/** useCreateFunction adds an application function, then refreshes the list. */
export function useCreateFunction() {
  const refresh = useRefresh();
  return useSWRMutation<AppFunction, Error, string, NewAppFunction>(urls.maintenanceFunctions, postFunction, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(maintenanceKeys),
  });
}
