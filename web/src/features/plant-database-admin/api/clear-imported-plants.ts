import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { plantDatabaseKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { ClearResult } from '@/api/types';

/**
 * postClearImportedPlants: POST /api/plant-database/clear-imported — removes the imported
 * items, manual ones stay; answers {deleted}.
 */
export function postClearImportedPlants(url: string): Promise<ClearResult> {
  return apiJSON<ClearResult>('POST', url);
}

/** useClearImportedPlants removes the imported items, then refreshes the plant database. */
export function useClearImportedPlants() {
  const refresh = useRefresh();
  return useSWRMutation<ClearResult, Error, string>(urls.plantDatabaseClearImported, postClearImportedPlants, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(plantDatabaseKeys),
  });
}
