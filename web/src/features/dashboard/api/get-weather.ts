import useSWR from 'swr';
import type { WeatherCard } from '@/api/types';

/** The card's URL, which is also its SWR key (kept here, not in api/keys: see below). */
export const WEATHER_URL = '/api/weather';

/**
 * useWeather: GET /api/weather — today's weather at the garden and what it changed. It reads
 * through SWR's global fetcher directly instead of useApiQuery: the card's lazy chunk then
 * depends on no chunk of the app, so the dashboard's dynamic import names only its own few
 * files (the first load is at its 150 kB budget). Nothing in the app writes this key; the
 * weather job changes it once a day.
 */
export function useWeather() {
  return useSWR<WeatherCard, Error>(WEATHER_URL);
}
