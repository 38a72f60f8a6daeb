import type { ReactNode } from 'react';
import { RecordList } from '@/components/record-list/record-list';
import { ListStates, type ListEmpty, type ListQuery } from '@/components/ui/list-states';
import { matchesSearch } from './admin-tabs';

/**
 * DashboardList: a tab's records filtered by the dashboard's search (any of `texts` of a
 * record), in the compact list states — loading bars, error, `empty` when there is no record
 * at all (omit it where the list is never empty), "No {noun} matches “…”." — and otherwise
 * the RecordList of `row`s.
 */
export function DashboardList<T>({
  query,
  search,
  texts,
  row,
  noun,
  label,
  loading,
  errorTitle,
  empty,
}: {
  query: ListQuery & { data?: T[] };
  search: string;
  texts: (item: T) => (string | null | undefined)[];
  row: (item: T) => ReactNode;
  /** Singular, for "No {noun} matches …". */
  noun: string;
  /** The list's accessible name. */
  label: string;
  loading: { label: string; rows: number };
  errorTitle: string;
  empty?: ListEmpty;
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
      empty={empty ?? { title: `No ${noun} yet` }}
      noResultsState={{ text: `No ${noun} matches “${search.trim()}”.` }}
    >
      <RecordList label={label}>{visible.map(row)}</RecordList>
    </ListStates>
  );
}
