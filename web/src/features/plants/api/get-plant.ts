import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { Plant } from '@/api/types';
import { todayKey } from '@/lib/dates';

/** usePlant: GET /api/plants/{id} with its status on the caller's day; a null id (not numeric in the URL) sends nothing. */
export function usePlant(id: number | null) {
  return useApiQuery<Plant>(id === null ? null : urls.plantOn(id, todayKey()));
}
