import { noteGardenSuccess } from '@/lib/garden-success';
import { apiJSON } from '../client';
import { plantKeys, summaryKeys, urls } from '../keys';
import type { NewPlant, Plant } from '../types';
import { useApiMutation } from '../mutation';

/** postPlant: POST /api/plants; answers the created plant. */
export function postPlant(url: string, { arg }: { arg: NewPlant }): Promise<Plant> {
  return apiJSON<Plant>('POST', url, arg);
}

/**
 * useCreatePlant adds a plant, then refreshes the plants, both limit paths and the summary. A
 * plant added is a gardener's success (the notification prompt waits for one).
 */
export function useCreatePlant() {
  return useApiMutation<Plant, NewPlant>(urls.plants, postPlant, { refresh: [plantKeys, summaryKeys], onSuccess: noteGardenSuccess });
}
