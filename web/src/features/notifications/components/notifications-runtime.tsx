import { PushSubscriptionSync, ServiceWorkerBridge } from './push-sync';

/**
 * NotificationsRuntime: what the app shell mounts once for notifications — the automatic
 * registration of this browser's push subscription and the service worker's messages. The
 * prompt has its own place, at the top of the page's content (app-layout.tsx).
 */
export function NotificationsRuntime() {
  return (
    <>
      <PushSubscriptionSync />
      <ServiceWorkerBridge />
    </>
  );
}
