import { apiJSON, apiRequest } from '../client';
import { plantKeys, summaryKeys, taskKeys, urls } from '../keys';
import { useApiMutation } from '../mutation';
import type { CareEvent, NewCareEvent, Plant } from '../types';
import { usePagedList } from '../use-paged-list';

/** What POST /api/plants/{id}/care answers: the event and the plant it changed. */
export interface LoggedCare {
  event: CareEvent;
  plant: Plant;
}

/** useCareLog reads a plant's care log, newest first, one page at a time ("Load more"). */
export function useCareLog(plantId: number) {
  return usePagedList<CareEvent>(`${urls.plantCare(plantId)}?limit=10`);
}

/** useLogCare logs an act of care; the plant (dates, rhythm, status), its log and the summary refresh. */
export function useLogCare(plantId: number) {
  return useApiMutation<LoggedCare, NewCareEvent>(
    urls.plantCare(plantId),
    (url, { arg }) => apiJSON<LoggedCare>('POST', url, arg),
    { refresh: [plantKeys, summaryKeys, taskKeys] },
  );
}

/** useDeleteCare removes a log entry; the server recomputes the plant's last dates from the rest. */
export function useDeleteCare(plantId: number) {
  return useApiMutation<void, number>(
    urls.plantCare(plantId),
    async (_url, { arg }) => {
      await apiRequest('DELETE', urls.plantCareEvent(plantId, arg));
    },
    { refresh: [plantKeys, summaryKeys, taskKeys] },
  );
}
