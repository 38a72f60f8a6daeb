import { apiJSON } from '../client';
import { plantKeys, summaryKeys, urls } from '../keys';
import type { Plant, PlantPatch } from '../types';
import { useApiMutation } from '../mutation';

export interface UpdatePlantInput {
  id: number;
  patch: PlantPatch;
}

/** patchPlant: PATCH /api/plants/{id} with any subset of fields; answers the plant. */
export function patchPlant(url: string, { arg }: { arg: UpdatePlantInput }): Promise<Plant> {
  return apiJSON<Plant>('PATCH', `${url}/${arg.id}`, arg.patch);
}

/** useUpdatePlant changes a plant, then refreshes the plants and the summary. */
export function useUpdatePlant() {
  return useApiMutation<Plant, UpdatePlantInput>(urls.plants, patchPlant, { refresh: [plantKeys, summaryKeys] });
}
