import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api/client';
import { useRefresh } from '@/api/query';
import { HARVESTS_URL, isHarvestKey } from './types';

async function deleteHarvest(url: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', `${url}/${arg}`);
}

/** useDeleteHarvest: DELETE /api/harvests/{id}, then refreshes the lists and stats. */
export function useDeleteHarvest() {
  const refresh = useRefresh();
  return useSWRMutation<void, Error, string, number>(HARVESTS_URL, deleteHarvest, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(isHarvestKey),
  });
}
