import { apiJSON } from '@/api/client';
import { plantDatabaseKeys, urls } from '@/api/keys';
import type { PlantDatabaseInput, PlantDatabaseItem } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

export interface UpdatePlantDatabaseItemInput {
  id: number;
  patch: Partial<PlantDatabaseInput>;
}

/** patchPlantDatabaseItem: PATCH /api/plant-database/{id} with any subset of the item fields. */
export function patchPlantDatabaseItem(
  url: string,
  { arg }: { arg: UpdatePlantDatabaseItemInput },
): Promise<PlantDatabaseItem> {
  return apiJSON<PlantDatabaseItem>('PATCH', `${url}/${arg.id}`, arg.patch);
}

/** useUpdatePlantDatabaseItem changes an item, then refreshes the plant database. */
export function useUpdatePlantDatabaseItem() {
  return useApiMutation<PlantDatabaseItem, UpdatePlantDatabaseItemInput>(urls.plantDatabase, patchPlantDatabaseItem, { refresh: [plantDatabaseKeys] });
}
