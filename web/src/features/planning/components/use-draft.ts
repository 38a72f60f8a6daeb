import { useCallback, useMemo, useState } from 'react';

/** The most changes undo remembers. */
const HISTORY = 50;

/**
 * useDraft keeps an editor's working copy with its undo history and the last saved copy:
 * `commit` records a change (undoable), `undo` steps back, `markSaved` makes a copy the saved
 * one (after a save or a load), and `dirty` says whether the working copy differs from it.
 */
export function useDraft<T>(initial: T) {
  const [state, setState] = useState<{ draft: T; past: T[]; saved: string }>(() => ({
    draft: initial,
    past: [],
    saved: JSON.stringify(initial),
  }));
  const commit = useCallback((next: T | ((d: T) => T)) => {
    setState((s) => {
      const value = typeof next === 'function' ? (next as (d: T) => T)(s.draft) : next;
      if (JSON.stringify(value) === JSON.stringify(s.draft)) return s;
      return { ...s, draft: value, past: [...s.past, s.draft].slice(-HISTORY) };
    });
  }, []);
  const undo = useCallback(() => {
    setState((s) => (s.past.length ? { ...s, draft: s.past[s.past.length - 1], past: s.past.slice(0, -1) } : s));
  }, []);
  const markSaved = useCallback((value: T, keepHistory = false) => {
    setState((s) => ({ draft: value, past: keepHistory ? s.past : [], saved: JSON.stringify(value) }));
  }, []);
  const dirty = useMemo(() => JSON.stringify(state.draft) !== state.saved, [state.draft, state.saved]);
  return { draft: state.draft, commit, undo, canUndo: state.past.length > 0, markSaved, dirty };
}
