/**
 * What the browser offers for Web Push (docs/notifications.md). Every browser API is read
 * through this module so that tests can stand in for it.
 */

/** The push permission as the app sees it (spec 01 §4, spec 02 §4). */
export type PushPermission = 'unsupported' | 'default' | 'granted' | 'denied';

/** isPushSupported: notifications, service workers and the Push API (secure pages only). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    Boolean(navigator.serviceWorker) &&
    'PushManager' in window
  );
}

/** pushPermission: unsupported, or the browser's notification permission. */
export function pushPermission(): PushPermission {
  if (!isPushSupported()) return 'unsupported';
  const value = window.Notification.permission;
  return value === 'granted' || value === 'denied' ? value : 'default';
}

/** requestPushPermission asks the browser (it may show its prompt) and answers the outcome. */
export async function requestPushPermission(): Promise<PushPermission> {
  if (!isPushSupported()) return 'unsupported';
  const value = await window.Notification.requestPermission();
  return value === 'granted' || value === 'denied' ? value : 'default';
}

/**
 * isMobileDevice: phones and tablets, where notifications may have to be allowed in the
 * browser's or the system's settings (spec 01 §2). iPadOS reports itself as a Mac with touch.
 */
export function isMobileDevice(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  maxTouchPoints: number = typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints ?? 0,
): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile|Silk|Kindle/i.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}
