import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '@/testing/server';
import { useRefresh } from './query';
import { swrConfig } from './swr-config';
import { usePagedList, withCursor } from './use-paged-list';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>{children}</SWRConfig>
);

/** A list of 5 things served 2 per page, like docs/api.md "Lists and pagination". */
function serveThings(seen: string[], things = ['a', 'b', 'c', 'd', 'e']) {
  server.use(
    http.get('*/api/things', ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.search);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const page = things.slice(start, start + 2);
      const headers: Record<string, string> = {};
      if (start + 2 < things.length) headers['X-Next-Cursor'] = String(start + 2);
      return HttpResponse.json(page.map((name) => ({ name })), { headers });
    }),
  );
}

describe('usePagedList', () => {
  it('follows X-Next-Cursor, keeping the filters, until the last page', async () => {
    const seen: string[] = [];
    serveThings(seen);
    const { result } = renderHook(() => usePagedList<{ name: string }>('/api/things?q=x'), { wrapper });
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    expect(result.current.hasMore).toBe(true);

    act(() => void result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    act(() => void result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((t) => t.name)).toEqual(['a', 'b', 'c', 'd', 'e']));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.isLoadingMore).toBe(false);
    expect(seen).toEqual(['?q=x', '?q=x&cursor=2', '?q=x&cursor=4']);
  });

  it('reports isLoadingMore while the next page loads', async () => {
    serveThings([]);
    const { result } = renderHook(() => usePagedList<{ name: string }>('/api/things'), { wrapper });
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => void result.current.loadMore());
    await waitFor(() => expect(result.current.isLoadingMore).toBe(true));
    await waitFor(() => expect(result.current.isLoadingMore).toBe(false));
    expect(result.current.items).toHaveLength(4);
  });

  it('asks nothing for a null URL', () => {
    const { result } = renderHook(() => usePagedList(null), { wrapper });
    expect(result.current.isLoading).toBe(false);
    expect(result.current.items).toEqual([]);
    expect(result.current.hasMore).toBe(false);
  });

  it('raises the server error', async () => {
    server.use(http.get('*/api/things', () => HttpResponse.json({ message: 'Nope' }, { status: 500 })));
    const { result } = renderHook(() => usePagedList('/api/things'), { wrapper });
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.error?.message).toBe('500: {"message":"Nope"}');
    expect(result.current.items).toEqual([]);
  });

  it('refetches every loaded page when a write refreshes its URL', async () => {
    const seen: string[] = [];
    const things = ['a', 'b', 'c', 'd'];
    serveThings(seen, things);
    const { result } = renderHook(
      () => ({ list: usePagedList<{ name: string }>('/api/things'), refresh: useRefresh() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.items).toHaveLength(2));
    act(() => void result.current.list.loadMore());
    await waitFor(() => expect(result.current.list.items).toHaveLength(4));

    things[0] = 'A';
    things[3] = 'D';
    await act(() => result.current.refresh((key) => key.startsWith('/api/things')));
    await waitFor(() => expect(result.current.list.items.map((t) => t.name)).toEqual(['A', 'b', 'c', 'D']));
  });
});

describe('withCursor', () => {
  it('adds or replaces the cursor', () => {
    expect(withCursor('/api/things', 'abc')).toBe('/api/things?cursor=abc');
    expect(withCursor('/api/things?q=a%20b&cursor=old', 'n=x')).toBe('/api/things?q=a+b&cursor=n%3Dx');
  });
});
