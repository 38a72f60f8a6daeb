import { NotificationPrompt } from './notification-prompt';
import { PushSubscriptionSync, ServiceWorkerBridge } from './push-sync';

/**
 * NotificationsRuntime: what the app shell mounts once for notifications — the prompt, the
 * automatic registration of this browser's push subscription, and the service worker's
 * messages.
 */
export function NotificationsRuntime() {
  return (
    <>
      <NotificationPrompt />
      <PushSubscriptionSync />
      <ServiceWorkerBridge />
    </>
  );
}
