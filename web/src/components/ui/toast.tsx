import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/lib/config';
import { takeFlashToast } from '@/lib/flash-toast';
import { preloadable, usePreloaded } from '@/lib/preload';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

interface ToastApi {
  /** Shows a toast; at most one is on screen, the newest replaces the previous one. */
  toast: (input: ToastInput) => number;
  /** Closes one toast, or all of them. */
  dismiss: (id?: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 1;

// Radix's toast renderer loads with the gardener's first tap or key, not with the page (on a
// slow phone every chunk evaluated and drawn during the first seconds is blocking time): a toast
// answers something the gardener did, and its code is in by the time the answer comes. A toast
// raised without one (the sign-in's flash, the offline queue's report) loads it at once and
// waits in `items` for the moment that takes.
const viewportCode = preloadable(() => import('./toast-viewport').then((m) => m.ToastViewport));

/**
 * ToastProvider holds the toasts (spec 01 §9: 1 at a time, 5000 ms, swipe right with a
 * threshold of 50, F8 focuses the viewport; closed toasts are dropped after 1,000,000 ms).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const scheduleRemoval = useCallback((id: number) => {
    if (timers.current.has(id)) return;
    const timer = setTimeout(() => {
      timers.current.delete(id);
      setItems((prev) => prev.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS);
    timers.current.set(id, timer);
  }, []);

  const dismiss = useCallback(
    (id?: number) => {
      setItems((prev) => {
        prev.forEach((t) => {
          if (id === undefined || t.id === id) scheduleRemoval(t.id);
        });
        return prev.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
      });
    },
    [scheduleRemoval],
  );

  const toast = useCallback((input: ToastInput) => {
    const id = nextId++;
    setItems((prev) => [{ ...input, id, open: true }, ...prev].slice(0, TOAST_LIMIT));
    return id;
  }, []);

  useEffect(() => {
    const flash = takeFlashToast();
    if (flash) toast(flash);
  }, [toast]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach((timer) => clearTimeout(timer));
      pending.clear();
    };
  }, []);

  useEffect(() => {
    const load = () => void viewportCode.load().catch(() => undefined);
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', load, options);
    window.addEventListener('keydown', load, options);
    return () => {
      window.removeEventListener('pointerdown', load, options);
      window.removeEventListener('keydown', load, options);
    };
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  const ToastViewport = usePreloaded(viewportCode, items.length > 0, 'now');

  return (
    <ToastContext.Provider value={api}>
      {children}
      {ToastViewport ? <ToastViewport items={items} dismiss={dismiss} /> : null}
    </ToastContext.Provider>
  );
}

/** useToast gives { toast, dismiss }; it must be used under ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within ToastProvider');
  return api;
}
