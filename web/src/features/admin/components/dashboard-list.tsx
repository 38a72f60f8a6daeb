import type { ReactNode } from 'react';
import { useSearchedPages } from '@/api/use-searched-list';
import { RecordList } from '@/components/record-list/record-list';
import { ListStates, PagedListStates, type ListEmpty, type ListQuery } from '@/components/ui/list-states';
import { matchesSearch } from './admin-tabs';

/** What both dashboard lists take besides their records. */
interface DashboardListProps<T> {
  search: string;
  row: (item: T) => ReactNode;
  /** The text when no record matches the search: "No user matches “…”." */
  noMatches: (query: string) => string;
  /** The list's accessible name. */
  label: string;
  loading: { label: string; rows: number };
  errorTitle: string;
  empty?: ListEmpty;
}

/**
 * DashboardList: a tab's records filtered by the dashboard's search (any of `texts` of a
 * record), in the compact list states — loading bars, error, `empty` when there is no record
 * at all (omit it where the list is never empty), `noMatches` — and otherwise
 * the RecordList of `row`s.
 */
export function DashboardList<T>({
  query,
  search,
  texts,
  row,
  noMatches,
  label,
  loading,
  errorTitle,
  empty,
}: DashboardListProps<T> & {
  query: ListQuery & { data?: T[] };
  texts: (item: T) => (string | null | undefined)[];
}) {
  const visible = (query.data ?? []).filter((item) => matchesSearch(search, ...texts(item)));
  return (
    <ListStates
      query={query}
      isEmpty={empty ? !query.data?.length : false}
      noResults={visible.length === 0}
      compact
      loading={{ ...loading, className: 'dashboard-skeleton' }}
      errorTitle={errorTitle}
      // Without `empty` the list is never empty, so no empty state shows.
      empty={empty ?? { title: '' }}
      noResultsState={{ text: noMatches(search.trim()) }}
    >
      <RecordList label={label}>{visible.map(row)}</RecordList>
    </ListStates>
  );
}

/**
 * PagedDashboardList: a tab's records read a page at a time from a list searched on the
 * server — `url(q)` with the dashboard's search once typing pauses — in the compact list
 * states, with "Load more" under the rows. Used for the lists that grow without bound
 * (users, sites), where filtering a first page in the browser would miss records.
 */
export function PagedDashboardList<T>({
  url,
  search,
  row,
  noMatches,
  label,
  loading,
  errorTitle,
  empty,
}: DashboardListProps<T> & { empty: ListEmpty; url: (q: string) => string | null }) {
  // A new search keeps the last rows on screen (greyed) until its page comes.
  const { query: q, list, searching } = useSearchedPages<T>(url, search, { keepPrevious: true });
  return (
    <PagedListStates
      list={{ ...list, isLoading: list.isLoading && !searching }}
      filtered={Boolean(q)}
      compact
      loading={{ ...loading, className: 'dashboard-skeleton' }}
      errorTitle={errorTitle}
      empty={empty}
      noResultsState={{ text: noMatches(q) }}
    >
      <div className={searching ? 'dashboard-list dashboard-list--searching' : 'dashboard-list'} aria-busy={searching || undefined}>
        <RecordList label={label}>{list.items.map(row)}</RecordList>
      </div>
    </PagedListStates>
  );
}
