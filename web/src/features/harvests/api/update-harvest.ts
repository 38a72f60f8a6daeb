import { apiJSON } from '@/api/client';
import { useApiQuery } from '@/api/query';
import type { NewHarvest } from './create-harvest';
import { harvestUrls, isHarvestKey, type Harvest } from './types';
import { useApiMutation } from '@/api/mutation';

/** useHarvest: GET /api/harvests/{id} (null: no request). */
export function useHarvest(id: number | null) {
  return useApiQuery<Harvest>(id ? harvestUrls.one(id) : null);
}

/** The PATCH body: the form's fields; no plantId keeps the record's (a deleted plant's name). */
export type HarvestChange = Omit<NewHarvest, 'plantId'> & { plantId?: number };

async function patchHarvest(url: string, { arg }: { arg: HarvestChange }): Promise<Harvest> {
  return apiJSON<Harvest>('PATCH', url, arg);
}

/** useUpdateHarvest: PATCH /api/harvests/{id}, then refreshes the lists, the stats and the record. */
export function useUpdateHarvest(id: number) {
  return useApiMutation<Harvest, HarvestChange>(harvestUrls.one(id), patchHarvest, { refresh: [isHarvestKey] });
}
