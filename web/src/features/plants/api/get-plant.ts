import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { Plant } from '@/api/types';

/** usePlant: GET /api/plants/{id}; a null id (not numeric in the URL) sends nothing. */
export function usePlant(id: number | null) {
  return useApiQuery<Plant>(id === null ? null : urls.plant(id));
}
