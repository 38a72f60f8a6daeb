import type { ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { swrConfig } from '@/api/swr-config';
import { ToastProvider } from '@/components/ui/toast';
import { preloadable, usePreloaded } from '@/lib/preload';

// The sender of care kept offline (api/offline-sync.tsx) loads after the first page.
const offlineSync = preloadable(() => import('@/api/offline-sync').then((m) => m.default));

// The offline notice shows only without a connection: its code (and its icon) loads after the
// first page too, which keeps it out of the first load; the service worker has every chunk
// precached for when the connection goes.
const offlineNotice = preloadable(() => import('@/components/offline-notice/offline-notice').then((m) => m.OfflineNotice));

function OfflineNoticeLater() {
  const OfflineNotice = usePreloaded(offlineNotice);
  return OfflineNotice ? <OfflineNotice /> : null;
}

function OfflineQueueSender() {
  const OfflineSync = usePreloaded(offlineSync);
  return OfflineSync ? <OfflineSync /> : null;
}

/**
 * AppProvider holds the providers that live outside the router: SWR (spec defaults and
 * the global fetcher), toasts, and the offline notice with the sender of care kept offline. The session provider sits inside the router
 * (see routes.tsx) because logging out and impersonating navigate.
 */
export function AppProvider({
  children,
  swrCache,
}: {
  children: ReactNode;
  /** Tests pass a factory for a fresh cache: () => new Map(). */
  swrCache?: () => Cache;
}) {
  return (
    <SWRConfig value={swrCache ? { ...swrConfig, provider: swrCache } : swrConfig}>
      <ToastProvider>
        {children}
        <OfflineNoticeLater />
        <OfflineQueueSender />
      </ToastProvider>
    </SWRConfig>
  );
}
