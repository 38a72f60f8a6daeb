import { apiJSON } from '@/api/client';
import { maintenanceKeys, urls } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';
import type { MaintenanceSwitch, Site } from '@/api/types';

/**
 * useSetSiteMaintenance switches a site's maintenance with POST /api/maintenance/site/{id}
 * {maintenanceMode, message} (answers the site), then refreshes the sites and the status.
 */
export function useSetSiteMaintenance() {
  return useApiMutation<Site, MaintenanceSwitch & { id: number }>(urls.sites, (_key, { arg: { id, ...body } }) =>
    apiJSON<Site>('POST', urls.siteMaintenance(id), body), { refresh: [maintenanceKeys] });
}
