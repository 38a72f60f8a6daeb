import { useEffect, useState } from 'react';

/**
 * A piece of code that loads after the first page (a code-split chunk) and, once loaded, is
 * there synchronously for every later render. Unlike React.lazy, a component that has it never
 * suspends again, and everything made with `preloadable` can be fetched ahead with
 * `preloadAll` — the unit tests do so once per file, so a test never races a chunk.
 */
export interface Preloadable<T> {
  /** Starts loading (once; again after a failure) and resolves with the loaded value. */
  load(): Promise<T>;
  /** The value when it has loaded, else undefined. */
  current(): T | undefined;
}

const registry = new Set<Preloadable<unknown>>();

export function preloadable<T>(importer: () => Promise<T>): Preloadable<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const item: Preloadable<T> = {
    load() {
      pending ??= importer().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    current: () => value,
  };
  registry.add(item as Preloadable<unknown>);
  return item;
}

/**
 * whenIdle runs `run` when the browser is next idle (at most IDLE_TIMEOUT_MS later), at once
 * where there is no requestIdleCallback (jsdom, Safari before 26).
 */
const IDLE_TIMEOUT_MS = 2000;
function whenIdle(run: () => void): { cancel(): void } {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') {
    run();
    return { cancel: () => {} };
  }
  const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  return { cancel: () => window.cancelIdleCallback(id) };
}

/** Loads everything made with `preloadable` so far; one that fails stays unloaded (tried again on use). */
export async function preloadAll(): Promise<void> {
  await Promise.allSettled([...registry].map((item) => item.load()));
}

/**
 * usePreloaded gives the value once it has loaded (at once when it already has) and starts
 * loading it otherwise; a failed chunk leaves undefined, so the caller's fallback stays. With
 * `when` false it does not start loading (code only some users ever need stays on the server,
 * and code a page needs only after something happens waits for it). `start` 'now' loads it
 * without waiting for the browser's idle moment: for what is needed the moment `when` turns
 * true (a toast raised).
 */
export function usePreloaded<T>(item: Preloadable<T>, when = true, start: 'idle' | 'now' = 'idle'): T | undefined {
  const [loaded, setLoaded] = useState<{ value: T } | undefined>(() => {
    const value = item.current();
    return value === undefined ? undefined : { value };
  });
  useEffect(() => {
    if (loaded || !when) return;
    let live = true;
    const load = () =>
      item.load().then(
        (value) => live && setLoaded({ value }),
        () => {},
      );
    // Code not yet loaded waits for the browser's first idle moment: on a slow phone the page's
    // own requests and rendering go first, and this code's download and evaluation after them.
    const idle = start === 'now' ? (void load(), { cancel: () => {} }) : whenIdle(load);
    return () => {
      live = false;
      idle.cancel();
    };
  }, [item, loaded, when, start]);
  return loaded?.value;
}

/**
 * useIdle is false until the browser's first idle moment after mount (true at once without
 * requestIdleCallback): for parts that render nothing at first and whose code can wait until
 * the page has drawn (the notification runtime, the time zone check).
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(() => typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function');
  useEffect(() => {
    if (idle) return;
    return whenIdle(() => setIdle(true)).cancel;
  }, [idle]);
  return idle;
}
