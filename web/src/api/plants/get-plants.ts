import { todayKey } from '@/lib/dates';
import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { Plant } from '../types';

/**
 * usePlants: GET /api/plants with the caller's date, every plant (up to the API's page maximum
 * of 200) with the status the server derives for today: the pickers and the dashboard read it.
 */
export function usePlants() {
  return useApiQuery<Plant[]>(urls.plantsAll(todayKey()));
}
