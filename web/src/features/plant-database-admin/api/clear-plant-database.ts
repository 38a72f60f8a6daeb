import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { plantDatabaseKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { ClearResult } from '@/api/types';

/** postClearPlantDatabase: POST /api/plant-database/clear — removes every item; answers {deleted}. */
export function postClearPlantDatabase(url: string): Promise<ClearResult> {
  return apiJSON<ClearResult>('POST', url);
}

/** useClearPlantDatabase empties the plant database, then refreshes it. */
export function useClearPlantDatabase() {
  const refresh = useRefresh();
  return useSWRMutation<ClearResult, Error, string>(urls.plantDatabaseClear, postClearPlantDatabase, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(plantDatabaseKeys),
  });
}
