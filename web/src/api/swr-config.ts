import type { SWRConfiguration } from 'swr';
import { fetcher } from './fetcher';

/**
 * SWR defaults of spec 01 §9: data never goes stale on its own, no refetch on window
 * focus or reconnect, no polling (a hook that needs it, such as the maintenance
 * status, sets its own refreshInterval), and no retries.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: fetcher as (url: string) => Promise<unknown>,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
  errorRetryCount: 0,
};
