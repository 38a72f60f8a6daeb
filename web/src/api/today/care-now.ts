import { noteGardenSuccess } from '@/lib/garden-success';
import { apiJSON } from '../client';
import { plantKeys, summaryKeys, taskKeys, urls } from '../keys';
import { useApiMutation } from '../mutation';
import type { Plant } from '../types';

export interface CareNowAnswer {
  plants: Plant[];
}

/**
 * postCareNow: POST /api/plants/water (or /fertilize) {plantIds} — the plants watered now in
 * one request: their due tasks of the type are completed, or one is recorded as Water Now does.
 */
export function postCareNow(url: string, { arg }: { arg: number[] }): Promise<CareNowAnswer> {
  return apiJSON<CareNowAnswer>('POST', url, { plantIds: arg });
}

/**
 * useWaterPlants / useFertilizePlants: Water Now, Fertilize and Water all. The plants, their
 * tasks, the summary and the Today list are refreshed; care given is a gardener's success.
 */
export function useWaterPlants() {
  return useApiMutation<CareNowAnswer, number[]>(urls.waterPlants, postCareNow, {
    refresh: [plantKeys, taskKeys, summaryKeys],
    onSuccess: noteGardenSuccess,
  });
}

export function useFertilizePlants() {
  return useApiMutation<CareNowAnswer, number[]>(urls.fertilizePlants, postCareNow, {
    refresh: [plantKeys, taskKeys, summaryKeys],
    onSuccess: noteGardenSuccess,
  });
}
