import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { plantDatabaseKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { PlantDatabaseInput, PlantDatabaseItem } from '@/api/types';

/**
 * postPlantDatabaseItem: POST /api/plant-database — 201 the item (source manual) · 400
 * field errors · 409 store URL or slug taken.
 */
export function postPlantDatabaseItem(url: string, { arg }: { arg: PlantDatabaseInput }): Promise<PlantDatabaseItem> {
  return apiJSON<PlantDatabaseItem>('POST', url, arg);
}

/** useCreatePlantDatabaseItem adds an item, then refreshes the plant database. */
export function useCreatePlantDatabaseItem() {
  const refresh = useRefresh();
  return useSWRMutation<PlantDatabaseItem, Error, string, PlantDatabaseInput>(urls.plantDatabase, postPlantDatabaseItem, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(plantDatabaseKeys),
  });
}
