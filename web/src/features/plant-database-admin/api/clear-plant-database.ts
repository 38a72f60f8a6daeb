import { apiJSON } from '@/api/client';
import { plantDatabaseKeys, urls } from '@/api/keys';
import type { ClearResult } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/** postClearPlantDatabase: POST /api/plant-database/clear — removes every item; answers {deleted}. */
export function postClearPlantDatabase(url: string): Promise<ClearResult> {
  return apiJSON<ClearResult>('POST', url);
}

/** useClearPlantDatabase empties the plant database, then refreshes it. */
export function useClearPlantDatabase() {
  return useApiMutation<ClearResult>(urls.plantDatabaseClear, postClearPlantDatabase, { refresh: [plantDatabaseKeys] });
}
