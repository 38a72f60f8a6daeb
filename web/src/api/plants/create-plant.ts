import useSWRMutation from 'swr/mutation';
import { apiJSON } from '../client';
import { plantKeys, summaryKeys, urls } from '../keys';
import { useRefresh } from '../query';
import type { NewPlant, Plant } from '../types';

/** postPlant: POST /api/plants; answers the created plant. */
export function postPlant(url: string, { arg }: { arg: NewPlant }): Promise<Plant> {
  return apiJSON<Plant>('POST', url, arg);
}

/** useCreatePlant adds a plant, then refreshes the plants, both limit paths and the summary. */
export function useCreatePlant() {
  const refresh = useRefresh();
  return useSWRMutation<Plant, Error, string, NewPlant>(urls.plants, postPlant, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(plantKeys, summaryKeys),
  });
}
