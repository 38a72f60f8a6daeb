import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { WeatherCard } from '@/api/types';

/** useWeather: GET /api/weather — today's weather at the garden and what it changed. */
export function useWeather() {
  return useApiQuery<WeatherCard>(urls.weather);
}
