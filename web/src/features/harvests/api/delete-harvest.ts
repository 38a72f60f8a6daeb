import { apiRequest } from '@/api/client';
import { HARVESTS_URL, isHarvestKey } from './types';
import { useApiMutation } from '@/api/mutation';

async function deleteHarvest(url: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', `${url}/${arg}`);
}

/** useDeleteHarvest: DELETE /api/harvests/{id}, then refreshes the lists and stats. */
export function useDeleteHarvest() {
  return useApiMutation<void, number>(HARVESTS_URL, deleteHarvest, { refresh: [isHarvestKey] });
}
