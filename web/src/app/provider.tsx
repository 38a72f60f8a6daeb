import { useSyncExternalStore, type ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { OFFLINE_QUEUE_EVENT, offlineQueue } from '@/api/offline-queue';
import { swrConfig } from '@/api/swr-config';
import { ToastProvider } from '@/components/ui/toast';
import { preloadable, usePreloaded } from '@/lib/preload';

// The sender of care kept offline (api/offline-sync.tsx) and the offline notice load once this
// browser has been offline or has care waiting to be sent: on a gardener's usual visit, online
// with nothing queued, neither is evaluated nor drawn while the first page loads (on a slow phone
// that is blocking time). The service worker has every chunk precached for when the connection
// goes, so both load offline too.
const offlineSync = preloadable(() => import('@/api/offline-sync').then((m) => m.default));
const offlineNotice = preloadable(() => import('@/components/offline-notice/offline-notice').then((m) => m.OfflineNotice));

let offlineSeen = false;
/** sawOffline: the browser is or was offline since the app started, or care waits in the queue. Once true, it stays. */
function sawOffline(): boolean {
  if (!offlineSeen && (!navigator.onLine || offlineQueue().length > 0)) offlineSeen = true;
  return offlineSeen;
}

function subscribeOffline(onChange: () => void) {
  window.addEventListener('offline', onChange);
  window.addEventListener(OFFLINE_QUEUE_EVENT, onChange);
  window.addEventListener('storage', onChange); // another tab's queue
  return () => {
    window.removeEventListener('offline', onChange);
    window.removeEventListener(OFFLINE_QUEUE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

function OfflineWork() {
  const needed = useSyncExternalStore(subscribeOffline, sawOffline, () => false);
  const OfflineNotice = usePreloaded(offlineNotice, needed, 'now');
  const OfflineSync = usePreloaded(offlineSync, needed, 'now');
  return (
    <>
      {OfflineNotice ? <OfflineNotice /> : null}
      {OfflineSync ? <OfflineSync /> : null}
    </>
  );
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
        <OfflineWork />
      </ToastProvider>
    </SWRConfig>
  );
}
