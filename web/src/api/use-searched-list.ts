import { useState } from 'react';
import { useDebounced } from '@/lib/use-debounced';
import { usePagedList, type PagedList } from './use-paged-list';

/** What useSearchedList answers: the search box's text and the server's page list for it. */
export interface SearchedList<T> {
  /** The text in the search box, as typed. */
  search: string;
  setSearch: (value: string) => void;
  /** The search the list was asked for (trimmed, after a short pause in typing). */
  query: string;
  list: PagedList<T>;
  /** A new search is loading while the last one's rows stay on screen (with `keepPrevious`). */
  searching: boolean;
}

/**
 * useSearchedList is a paginated list searched on the server: `url(query)` is the list's URL
 * for a search (docs/api.md "Lists and pagination"), asked once typing pauses, so the page
 * fetches only what it shows. `url` null (or answering null) fetches nothing. `keepPrevious`:
 * the last search's items stay while the next loads (see usePagedList).
 */
export function useSearchedList<T>(
  url: ((query: string) => string | null) | null,
  options: SearchOptions = {},
): SearchedList<T> {
  const [search, setSearch] = useState('');
  return { search, setSearch, ...useSearchedPages<T>(url, search, options) };
}

interface SearchOptions {
  delay?: number;
  keepPrevious?: boolean;
}

/**
 * useSearchedPages is useSearchedList for a search box the caller owns (the admin
 * dashboard's, shared by its tabs): the list for `search`, asked once typing pauses.
 */
export function useSearchedPages<T>(
  url: ((query: string) => string | null) | null,
  search: string,
  { delay = 250, keepPrevious = false }: SearchOptions = {},
): Omit<SearchedList<T>, 'search' | 'setSearch'> {
  const query = useDebounced(search.trim(), delay);
  const list = usePagedList<T>(url ? url(query) : null, { keepPrevious });
  return { query, list, searching: list.isLoading && list.items.length > 0 };
}

/** countText: "12 sites", or "50+ sites" while more pages are to load. */
export function countText(list: Pick<PagedList<unknown>, 'items' | 'hasMore'>, one: string, many: string): string {
  const n = list.items.length;
  return `${n}${list.hasMore ? '+' : ''} ${n === 1 && !list.hasMore ? one : many}`;
}
