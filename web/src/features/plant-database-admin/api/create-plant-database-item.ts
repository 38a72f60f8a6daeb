import { apiJSON } from '@/api/client';
import { plantDatabaseKeys, urls } from '@/api/keys';
import type { PlantDatabaseInput, PlantDatabaseItem } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/**
 * postPlantDatabaseItem: POST /api/plant-database — 201 the item (source manual) · 400
 * field errors · 409 store URL or slug taken.
 */
export function postPlantDatabaseItem(url: string, { arg }: { arg: PlantDatabaseInput }): Promise<PlantDatabaseItem> {
  return apiJSON<PlantDatabaseItem>('POST', url, arg);
}

/** useCreatePlantDatabaseItem adds an item, then refreshes the plant database. */
export function useCreatePlantDatabaseItem() {
  return useApiMutation<PlantDatabaseItem, PlantDatabaseInput>(urls.plantDatabase, postPlantDatabaseItem, { refresh: [plantDatabaseKeys] });
}
