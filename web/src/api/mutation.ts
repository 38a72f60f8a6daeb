import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { useRefresh, type KeyMatcher } from './query';

/** The SWR mutation fetcher: the hook's key and the argument given to trigger. */
export type MutationSend<Data, Arg> = (key: string, options: { arg: Arg }) => Promise<Data>;

export interface ApiMutationOptions<Data, Arg> {
  /** refresh: the cached URLs to refresh after a success (see useRefresh). */
  refresh?: KeyMatcher[];
  /** store: the URL whose cache entry takes the answer as it is, without a refetch. */
  store?: string;
  /** forget: the URL a success removes (a deleted item's own key): dropped from the cache, never refetched. */
  forget?: (arg: Arg) => string;
  /** onSuccess: anything else to do with the answer. */
  onSuccess?: (data: Data) => void;
}

/**
 * useApiMutation is the one shape of every write: an SWR mutation under `key` that throws
 * on error, never revalidates its own key, and after a success refreshes the lists it
 * changed, stores the answer or forgets a deleted item's URL.
 */
export function useApiMutation<Data, Arg = never>(
  key: string,
  send: MutationSend<Data, Arg>,
  { refresh: matchers = [], store, forget, onSuccess }: ApiMutationOptions<Data, Arg> = {},
) {
  const refresh = useRefresh();
  const { cache, mutate } = useSWRConfig();
  // The URL the last success removed, for onSuccess (which SWR does not give the argument).
  const forgotten = useRef<string | undefined>(undefined);
  return useSWRMutation<Data, Error, string, Arg>(
    key,
    async (url: string, { arg }: { arg: Arg }) => {
      const data = await send(url, { arg });
      forgotten.current = forget?.(arg);
      if (forgotten.current) cache.delete(forgotten.current);
      return data;
    },
    {
      throwOnError: true,
      revalidate: false,
      // After the mutation has settled: SWR ignores a refetch of `key` that starts while it runs.
      onSuccess: (data) => {
        const gone = forgotten.current;
        if (store) void mutate(store, data, { revalidate: false });
        if (matchers.length > 0) void refresh(...matchers.map((match) => (gone ? (k: string) => k !== gone && match(k) : match)));
        onSuccess?.(data);
      },
    },
  );
}

/**
 * useRefreshingRun: for a hook that offers several calls at once (a page's writes), run(call)
 * marks `pending` while the call runs and, after a success, refreshes what matchers accept.
 */
export function useRefreshingRun(...matchers: KeyMatcher[]) {
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async <T,>(call: () => Promise<T>): Promise<T> => {
      setPending(true);
      try {
        const out = await call();
        void refresh(...matchers);
        return out;
      } finally {
        setPending(false);
      }
    },
    // The matchers are module-level functions: the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [refresh],
  );
  return { pending, run };
}
