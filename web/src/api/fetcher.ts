import { ApiError, apiJSON } from './client';

/** The global SWR fetcher: the key is the URL; any non-OK answer (401 included) raises. */
export function fetcher<T = unknown>(url: string): Promise<T> {
  return apiJSON<T>('GET', url);
}

/** A fetcher variant that answers null for 401 instead of raising (spec 01 §7). */
export async function fetcherOrNullOn401<T = unknown>(url: string): Promise<T | null> {
  try {
    return await apiJSON<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
