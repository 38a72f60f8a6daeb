import { apiJSON } from '@/api/client';
import { plantDatabaseKeys, urls } from '@/api/keys';
import type { ClearResult } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/**
 * postClearImportedPlants: POST /api/plant-database/clear-imported — removes the imported
 * items, manual ones stay; answers {deleted}.
 */
export function postClearImportedPlants(url: string): Promise<ClearResult> {
  return apiJSON<ClearResult>('POST', url);
}

/** useClearImportedPlants removes the imported items, then refreshes the plant database. */
export function useClearImportedPlants() {
  return useApiMutation<ClearResult>(urls.plantDatabaseClearImported, postClearImportedPlants, { refresh: [plantDatabaseKeys] });
}
