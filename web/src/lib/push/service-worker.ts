/** The service worker that shows pushes and opens their page (web/public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * How long the app waits for the service worker before giving up on push: it looks every
 * second for ten seconds (spec 01 §4, §9: the push provider's wait, which for Web Push is the
 * service worker becoming active).
 */
export const SERVICE_WORKER_RETRY_MS = 1000;
export const SERVICE_WORKER_TIMEOUT_MS = 10_000;

function hasServiceWorker(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && Boolean(navigator.serviceWorker);
}

/**
 * registerServiceWorker registers /sw.js (idempotent). Failures are not fatal: the app works
 * without push, and the settings page says so.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!hasServiceWorker()) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    if (import.meta.env.DEV) console.warn('service worker registration failed', error);
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * waitForServiceWorker answers the registration once its worker is active, looking every
 * second for up to ten seconds; null when there is none by then.
 */
export async function waitForServiceWorker(
  retryMs = SERVICE_WORKER_RETRY_MS,
  timeoutMs = SERVICE_WORKER_TIMEOUT_MS,
): Promise<ServiceWorkerRegistration | null> {
  if (!hasServiceWorker()) return null;
  let registered = false;
  for (let waited = 0; ; waited += retryMs) {
    let registration = (await navigator.serviceWorker.getRegistration()) ?? null;
    if (!registration && !registered) {
      registered = true;
      registration = await registerServiceWorker();
    }
    if (registration?.active) return registration;
    if (waited + retryMs > timeoutMs) return null;
    await sleep(retryMs);
  }
}

/** existingRegistration: the registration if there is one already (no waiting, no registering). */
export async function existingRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!hasServiceWorker()) return null;
  try {
    return (await navigator.serviceWorker.getRegistration()) ?? null;
  } catch {
    return null;
  }
}

/** Messages the service worker posts to the open app windows. */
export type ServiceWorkerMessage =
  | { type: 'garden:push'; notificationId?: number | null }
  | { type: 'garden:navigate'; url: string; notificationId?: number | null }
  | { type: 'garden:subscription-change' };

/** readServiceWorkerMessage accepts only the app's own message shapes. */
export function readServiceWorkerMessage(data: unknown): ServiceWorkerMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Record<string, unknown>;
  const id = typeof message.notificationId === 'number' ? message.notificationId : null;
  switch (message.type) {
    case 'garden:push':
      return { type: 'garden:push', notificationId: id };
    case 'garden:navigate':
      return typeof message.url === 'string' ? { type: 'garden:navigate', url: message.url, notificationId: id } : null;
    case 'garden:subscription-change':
      return { type: 'garden:subscription-change' };
    default:
      return null;
  }
}

/** onServiceWorkerMessage listens to the service worker's messages; it returns the unsubscribe. */
export function onServiceWorkerMessage(handler: (message: ServiceWorkerMessage) => void): () => void {
  if (!hasServiceWorker()) return () => {};
  const listener = (event: MessageEvent) => {
    const message = readServiceWorkerMessage(event.data);
    if (message) handler(message);
  };
  const container = navigator.serviceWorker;
  container.addEventListener('message', listener);
  return () => container.removeEventListener('message', listener);
}
