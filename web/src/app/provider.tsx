import type { ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { swrConfig } from '@/api/swr-config';
import { OfflineNotice } from '@/components/offline-notice/offline-notice';
import { ToastProvider } from '@/components/ui/toast';
import { TooltipProvider } from '@/components/ui/tooltip';

/**
 * AppProvider holds the providers that live outside the router: SWR (spec defaults and
 * the global fetcher), toasts and tooltips. The session provider sits inside the router
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
        <TooltipProvider>
          {children}
          <OfflineNotice />
        </TooltipProvider>
      </ToastProvider>
    </SWRConfig>
  );
}
