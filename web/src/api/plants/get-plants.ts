import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { Plant } from '../types';

/** usePlants: GET /api/plants, the caller's plants (oldest first). */
export function usePlants() {
  return useApiQuery<Plant[]>(urls.plants);
}
