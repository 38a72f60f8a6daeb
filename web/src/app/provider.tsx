import type { ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { swrConfig } from '@/api/swr-config';
import { OfflineNotice } from '@/components/offline-notice/offline-notice';
import { ToastProvider } from '@/components/ui/toast';

/**
 * AppProvider holds the providers that live outside the router: SWR (spec defaults and
 * the global fetcher), and toasts. The session provider sits inside the router
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
        <OfflineNotice />
      </ToastProvider>
    </SWRConfig>
  );
}
