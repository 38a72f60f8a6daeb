import { ApiError } from '../client';
import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { PlantLimit } from '../types';

/** usePlantLimit: GET /api/plants-limit — {limit, currentCount, canAddPlant}. */
export function usePlantLimit() {
  return useApiQuery<PlantLimit>(urls.plantLimit);
}

/** The server's message for a refused plant (spec 01 §7). */
export const PLANT_LIMIT_MESSAGE = 'Plant limit reached';

/** isPlantLimitError: the special 403 answer of POST /api/plants. */
export function isPlantLimitError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.data?.message === PLANT_LIMIT_MESSAGE;
}
