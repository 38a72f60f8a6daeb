import { CloudOff, RefreshCw, SearchX } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { getErrorMessage } from '@/api/client';
import { useT } from '@/lib/i18n/provider';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { LoadingRegion, Skeleton } from './skeleton';
import './list-states.css';

/** What ListStates reads from a list hook: an SWR answer or usePagedList's result. */
export interface ListQuery {
  isLoading: boolean;
  error?: unknown;
  /** Refetches; the error state's "Try again" calls it. */
  mutate?: () => unknown;
}

/** The loading state: a label for screen readers and either rows or a skeleton of your own. */
export interface ListLoading {
  /** Default with `noun`: "Loading {noun}…". */
  label?: string;
  /** A skeleton shaped like the list (default: `rows` grey bars of `height`). */
  skeleton?: ReactNode;
  rows?: number;
  height?: number;
  /** The bars' corner radius (default: the skeleton's own). */
  radius?: number;
  className?: string;
}

/** An empty list: an icon, a heading, a sentence and an action (e.g. "Add the first…"). */
export interface ListEmpty {
  icon?: ReactNode;
  /** Default with `noun`: "No {noun} found". */
  title?: string;
  text?: ReactNode;
  action?: ReactNode;
}

/** A search or filter that leaves nothing: the sentence, and a way back. */
export interface ListNoResults {
  text: ReactNode;
  /** Clears the search or filters; shows the clear button when set. */
  onClear?: () => void;
  clearLabel?: string;
}

/**
 * ListStates renders the states every list page has, in order: loading skeleton, error
 * with "Try again", empty, "No Results Found" for a search or filter, and otherwise its
 * children (the list) followed by the "Load more" button when `pager` has more.
 */
export function ListStates({
  query,
  isEmpty,
  noResults = false,
  noun: nounProp,
  loading,
  errorTitle,
  errorText,
  empty,
  noResultsState,
  compact = false,
  titleAs,
  retry = 'default',
  pager,
  children,
}: {
  query: ListQuery;
  /** The list has no item at all. */
  isEmpty: boolean;
  /** Items exist but the search or filter leaves none. */
  noResults?: boolean;
  /**
   * What the list holds, plural, in the shown language ("harvest records"; default "items"): the default wording of the states is
   * "Loading {noun}…", "Failed to load {noun}" and "No {noun} found".
   */
  noun?: string;
  loading: ListLoading;
  /** Default: "Failed to load {noun}". */
  errorTitle?: string;
  /** The sentence under the error title (default: the server's message, else "Please try again later."). */
  errorText?: ReactNode;
  empty: ListEmpty;
  noResultsState?: ListNoResults;
  /** The smaller variant used inside cards. */
  compact?: boolean;
  /** The heading level of the error, empty and no-results titles (default h2): h3 under a section's h2. */
  titleAs?: 'h2' | 'h3';
  /** The error state's "Try again": 'compact' is a small outline button without an icon. */
  retry?: 'default' | 'compact';
  pager?: Pager;
  children: ReactNode;
}) {
  const t = useT();
  const noun = nounProp ?? t('shared.list.items');
  const iconSize = compact ? 22 : 26;
  if (query.isLoading) {
    return (
      <LoadingRegion label={loading.label ?? t('shared.list.loading', { noun })} className={loading.className}>
        {loading.skeleton ??
          Array.from({ length: loading.rows ?? 4 }, (_, i) => <Skeleton key={i} height={loading.height ?? 64} radius={loading.radius} />)}
      </LoadingRegion>
    );
  }
  if (query.error) {
    // Offline, the list was never loaded on this device: say so, not "failed" (it loads again
    // by itself when the connection is back: api/offline-sync.tsx).
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return (
      <EmptyState
        compact={compact}
        titleAs={titleAs}
        icon={<CloudOff size={iconSize} />}
        title={offline ? t('shared.list.offline') : (errorTitle ?? t('shared.list.failed', { noun }))}
        action={
          query.mutate ? (
            <Button
              variant="outline"
              size={retry === 'compact' ? 'sm' : undefined}
              icon={retry === 'compact' ? undefined : <RefreshCw size={16} aria-hidden="true" />}
              onClick={() => void query.mutate?.()}
            >
              {t('common.tryAgain')}
            </Button>
          ) : undefined
        }
      >
        {offline
          ? t('shared.list.offlineText', { noun })
          : (errorText ?? getErrorMessage(query.error, t('shared.list.tryLater')))}
      </EmptyState>
    );
  }
  if (isEmpty) {
    return (
      <EmptyState compact={compact} titleAs={titleAs} icon={empty.icon} title={empty.title ?? t('shared.list.none', { noun })} action={empty.action}>
        {empty.text}
      </EmptyState>
    );
  }
  if (noResults && noResultsState) return <NoResults {...noResultsState} compact={compact} titleAs={titleAs} />;
  return (
    <>
      {children}
      {pager ? <LoadMore pager={pager} /> : null}
    </>
  );
}

/** NoResults: "No Results Found" for a search or filter that leaves nothing, with a way back. */
export function NoResults({
  text,
  onClear,
  clearLabel,
  compact = false,
  titleAs,
}: ListNoResults & { compact?: boolean; titleAs?: 'h2' | 'h3' }) {
  const t = useT();
  return (
    <EmptyState
      compact={compact}
      titleAs={titleAs}
      icon={<SearchX size={compact ? 22 : 26} />}
      title={t('shared.list.noResults')}
      action={
        onClear ? (
          <Button variant="outline" onClick={onClear}>
            {clearLabel ?? t('shared.list.clear')}
          </Button>
        ) : undefined
      }
    >
      {text}
    </EmptyState>
  );
}

/** What LoadMore reads: usePagedList's result. */
export interface Pager {
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => unknown;
}

/** LoadMore is the "Load more" button under a paginated list; nothing when the list is complete. */
export function LoadMore({ pager, label }: { pager: Pager; label?: string }) {
  const t = useT();
  if (!pager.hasMore) return null;
  return (
    <div className="load-more">
      <Button variant="outline" loading={pager.isLoadingMore} onClick={() => void pager.loadMore()}>
        {pager.isLoadingMore ? t('shared.list.loadingMore') : (label ?? t('shared.list.loadMore'))}
      </Button>
    </div>
  );
}

/**
 * PagedListStates is ListStates over a usePagedList result: empty when the list has no item
 * and no search or filter is set (`filtered`), "No Results Found" when they leave none, and
 * "Load more" under the items.
 */
export function PagedListStates({
  list,
  filtered = false,
  ...states
}: { list: ListQuery & Pager & { items: readonly unknown[] }; filtered?: boolean } & Omit<
  ComponentProps<typeof ListStates>,
  'query' | 'isEmpty' | 'noResults' | 'pager'
>) {
  return <ListStates {...states} query={list} isEmpty={list.items.length === 0 && !filtered} noResults={list.items.length === 0} pager={list} />;
}
