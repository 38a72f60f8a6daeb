import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { AppFunction } from '@/api/types';

/** useAppFunctions: GET /api/maintenance/functions — every application function (superadmins). */
export function useAppFunctions(enabled = true) {
  return useApiQuery<AppFunction[]>(enabled ? urls.maintenanceFunctions : null);
}
