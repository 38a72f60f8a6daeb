import useSWRMutation from 'swr/mutation';
import { apiJSON } from '../client';
import { plantKeys, summaryKeys, urls } from '../keys';
import { useRefresh } from '../query';
import type { Plant, PlantPatch } from '../types';

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
  const refresh = useRefresh();
  return useSWRMutation<Plant, Error, string, UpdatePlantInput>(urls.plants, patchPlant, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(plantKeys, summaryKeys),
  });
}
