import { useEffect, useState } from 'react';

/** useDebounced follows value after it has rested for delay ms (search boxes query the server). */
export function useDebounced<T>(value: T, delay = 300): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setOut(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return out;
}
