import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { MaintenanceSwitch, Site } from '@/api/types';

export interface SiteSwitchArg extends MaintenanceSwitch {
  id: number;
}

/** postSiteMaintenance: POST /api/maintenance/site/{id} with {maintenanceMode, message}; answers the site. */
export function postSiteMaintenance(_key: string, { arg }: { arg: SiteSwitchArg }): Promise<Site> {
  const { id, ...body } = arg;
  return apiJSON<Site>('POST', urls.siteMaintenance(id), body);
}

/** useSetSiteMaintenance switches a site's maintenance, then refreshes the sites and the status. */
export function useSetSiteMaintenance() {
  const refresh = useRefresh();
  return useSWRMutation<Site, Error, string, SiteSwitchArg>(urls.sites, postSiteMaintenance, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(maintenanceKeys),
  });
}
