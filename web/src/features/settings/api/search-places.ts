import { listUrl } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { Place } from '@/api/types';

/**
 * usePlaceSearch: GET /api/weather/places?q= — places matching the name (Open-Meteo's
 * geocoding, through the server); no request until the name has two characters.
 */
export function usePlaceSearch(name: string) {
  const q = name.trim();
  return useApiQuery<Place[]>(q.length >= 2 ? listUrl('/api/weather/places', { q }) : null);
}
