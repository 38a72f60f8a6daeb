import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { apiRequest } from './client';
import { registerPagedList } from './query';

/** One page of a list answer: the body's items and the X-Next-Cursor header (null on the last page). */
export interface ListPage<T> {
  items: T[];
  next: string | null;
}

/** NEXT_CURSOR_HEADER is the header a list answer carries when there is a next page (docs/api.md). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** withCursor adds (or replaces) the cursor query parameter of a list URL, keeping its filters. */
export function withCursor(url: string, cursor: string): string {
  const [path, query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('cursor', cursor);
  return `${path}?${params.toString()}`;
}

/** fetchListPage reads one page of a list through the app's fetch wrapper. */
export async function fetchListPage<T>(url: string): Promise<ListPage<T>> {
  const response = await apiRequest('GET', url);
  const text = response.status === 204 ? '' : await response.text();
  const body: unknown = text ? JSON.parse(text) : [];
  return {
    items: Array.isArray(body) ? (body as T[]) : [],
    next: response.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}

/** What usePagedList answers. */
export interface PagedList<T> {
  /** Every item loaded so far, pages in order. */
  items: T[];
  error: Error | undefined;
  /** The first page is loading (nothing to show yet). */
  isLoading: boolean;
  /** A further page is loading after "Load more". */
  isLoadingMore: boolean;
  /** The last loaded page carried X-Next-Cursor. */
  hasMore: boolean;
  loadMore: () => Promise<unknown>;
  /** Refetches every loaded page. */
  mutate: () => Promise<unknown>;
}

/**
 * usePagedList reads a paginated list (docs/api.md "Lists and pagination"): the first page
 * from `url` (null: no request), each further page from the same URL with `cursor` set to
 * the previous page's X-Next-Cursor. The URL is the key, so filters belong in it. Writes
 * refreshing the URL through useRefresh refetch every loaded page. `keepPrevious` keeps the
 * previous URL's items on screen while a new URL (a new search) loads: `isLoading` is then
 * true with items (a picker's rows do not flash away on each search). `asTransition` gives the
 * answer to draw as a transition, a render after it arrives (see useDrawnAsTransition).
 */
export function usePagedList<T>(
  url: string | null,
  { keepPrevious = false, asTransition = false }: { keepPrevious?: boolean; asTransition?: boolean } = {},
): PagedList<T> {
  const getKey = useCallback(
    (index: number, previous: ListPage<T> | null) => {
      if (!url) return null;
      if (index === 0) return url;
      return previous?.next ? withCursor(url, previous.next) : null;
    },
    [url],
  );
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<ListPage<T>, Error>(
    getKey,
    fetchListPage<T>,
    { revalidateFirstPage: false, keepPreviousData: keepPrevious },
  );

  useEffect(() => (url ? registerPagedList(url, () => mutate()) : undefined), [url, mutate]);

  const isLoadingMore = isValidating && !isLoading && size > (data?.length ?? 0);
  const answer = useMemo(() => {
    const pages = data ?? [];
    return {
      items: pages.flatMap((page) => page.items),
      error,
      isLoading: Boolean(url) && isLoading,
      isLoadingMore,
      hasMore: Boolean(pages[pages.length - 1]?.next),
      loadMore: () => setSize(pages.length + 1),
      mutate: () => mutate(),
    };
  }, [data, error, url, isLoading, isLoadingMore, setSize, mutate]);
  // asTransition: drawn as a transition (see useDrawnAsTransition), for a page of many cards.
  const deferred = useDeferredValue(answer);
  return asTransition ? deferred : answer;
}
