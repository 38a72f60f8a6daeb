import { useEffect, useState } from 'react';

/** useDebounced follows value once it has been still for ms, so typing does not fetch per key. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return out;
}
