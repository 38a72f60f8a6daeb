import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';

/**
 * How many mounted hooks read each key. A refresh revalidates the keys somebody is
 * looking at and drops the others from the cache, so that a page opened later fetches
 * fresh data instead of showing what it cached before the write. This is the spec's
 * "never stale, but invalidated by writes" (spec 01 §7, §9) on top of SWR, whose
 * mutate() alone leaves unmounted keys untouched while revalidateIfStale is off.
 */
const mounted = new Map<string, number>();

function useMountedKey(key: string | null) {
  useEffect(() => {
    if (!key) return;
    mounted.set(key, (mounted.get(key) ?? 0) + 1);
    return () => {
      const left = (mounted.get(key) ?? 1) - 1;
      if (left > 0) mounted.set(key, left);
      else mounted.delete(key);
    };
  }, [key]);
}

/**
 * useApiQuery reads a GET endpoint through SWR: the key is the URL (null: no request)
 * and the global fetcher parses the JSON.
 */
export function useApiQuery<T>(key: string | null, config?: SWRConfiguration<T, Error>) {
  useMountedKey(key);
  return useSWR<T, Error>(key, config ?? {});
}

/** What a list's component reads of its query: SWR's answer without its getters. */
export interface DrawnAnswer<T> {
  data: T | undefined;
  error: Error | undefined;
  isLoading: boolean;
  mutate: SWRResponse<T, Error>['mutate'];
}

/**
 * useDrawnAsTransition gives a query's answer to draw as a transition: SWR hands an answer to
 * React through useSyncExternalStore, which React draws at once, in one task; a list of
 * plants or due care drawn that way was the longest task of a phone's first load (80 ms, four
 * times that at Lighthouse's CPU). Through useDeferredValue the render with the answer is
 * React's to slice and to interrupt for a tap; the render before it shows what was there (the
 * skeleton). data, error and isLoading change together, so no frame shows an empty list.
 */
export function useDrawnAsTransition<T>(query: SWRResponse<T, Error>): DrawnAnswer<T> {
  const { data, error, isLoading, mutate } = query;
  const answer = useMemo(() => ({ data, error, isLoading, mutate }), [data, error, isLoading, mutate]);
  return useDeferredValue(answer);
}

/**
 * The paginated lists on screen (usePagedList), by first-page URL: SWR keeps them under a
 * key of their own ("$inf$" + URL) that a plain mutate(url) does not reach, so a refresh
 * calls their refetch instead.
 */
const pagedLists = new Map<string, Set<() => unknown>>();

/** registerPagedList records a mounted paginated list's refetch; the answer unregisters it. */
export function registerPagedList(url: string, refetch: () => unknown): () => void {
  const set = pagedLists.get(url) ?? new Set();
  set.add(refetch);
  pagedLists.set(url, set);
  return () => {
    set.delete(refetch);
    if (set.size === 0) pagedLists.delete(url);
  };
}

const INFINITE_PREFIX = '$inf$';

/** A predicate over cache keys (URLs). */
export type KeyMatcher = (key: string) => boolean;

/**
 * useRefresh gives refresh(...matchers): every cached URL that a matcher accepts is
 * refetched when a hook shows it, otherwise dropped from the cache (and from SWR's
 * deduping record), so the next page that reads it fetches it afresh.
 */
export function useRefresh() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    async (...matchers: KeyMatcher[]) => {
      const pending: Promise<unknown>[] = [];
      for (const [url, refetches] of pagedLists) {
        if (matchers.some((match) => match(url))) refetches.forEach((refetch) => pending.push(Promise.resolve(refetch())));
      }
      for (const key of Array.from(cache.keys())) {
        if (typeof key === 'string' && key.startsWith(INFINITE_PREFIX + '/api/')) {
          const url = key.slice(INFINITE_PREFIX.length);
          if (!pagedLists.has(url) && matchers.some((match) => match(url))) {
            // As below: mutate first, so SWR also forgets its record of the list's last request;
            // a list opened again within the deduping interval would otherwise wait for that
            // finished request and show its loading state for good.
            void mutate(key);
            cache.delete(key);
          }
          continue;
        }
        if (typeof key !== 'string' || !key.startsWith('/api/')) continue;
        if (!matchers.some((match) => match(key))) continue;
        if (mounted.get(key)) {
          pending.push(mutate(key));
        } else {
          // mutate(key) with nobody reading it fetches nothing but forgets SWR's record of
          // the last request, which a page opened within the deduping interval would
          // otherwise reuse (old data, or a result discarded as older than the write).
          void mutate(key);
          cache.delete(key);
        }
      }
      await Promise.allSettled(pending);
    },
    [cache, mutate],
  );
}
