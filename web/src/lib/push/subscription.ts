import type { PushSubscriptionData } from '@/api/types';
import { existingRegistration, waitForServiceWorker } from './service-worker';

/** The service worker did not become active in time, or push is not offered. */
export class PushUnavailableError extends Error {
  constructor(message = 'Push notifications are not available in this browser right now.') {
    super(message);
    this.name = 'PushUnavailableError';
  }
}

/** base64UrlToUint8Array decodes the server's VAPID public key for applicationServerKey. */
export function base64UrlToUint8Array(value: string): Uint8Array<ArrayBuffer> {
  const padded = value.trim().replace(/-/g, '+').replace(/_/g, '/');
  const base64 = padded + '='.repeat((4 - (padded.length % 4)) % 4);
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return true; // the browser does not tell: assume it is the same key
  const left = new Uint8Array(a);
  if (left.length !== b.length) return false;
  return left.every((byte, i) => byte === b[i]);
}

/** usesKey: the subscription was made with this VAPID key (or the browser does not say). */
export function usesKey(subscription: PushSubscription, publicKey: string): boolean {
  return sameBytes(subscription.options?.applicationServerKey, base64UrlToUint8Array(publicKey));
}

/** currentSubscription: this browser's push subscription, if it has one (never asks anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await existingRegistration();
  if (!registration?.pushManager) return null;
  try {
    return await registration.pushManager.getSubscription();
  } catch {
    return null;
  }
}

/**
 * subscribeToPush subscribes this browser with the server's VAPID key, keeping a subscription
 * made with the same key and replacing one made with another.
 */
export async function subscribeToPush(publicKey: string): Promise<PushSubscription> {
  const registration = await waitForServiceWorker();
  if (!registration?.pushManager) throw new PushUnavailableError();
  const key = base64UrlToUint8Array(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    if (sameBytes(existing.options?.applicationServerKey, key)) return existing;
    await existing.unsubscribe().catch(() => false);
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** unsubscribeFromPush ends this browser's subscription; it answers the endpoint it had. */
export async function unsubscribeFromPush(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe().catch(() => false);
  return subscription.endpoint;
}

/** subscriptionData: the subscription's JSON as the register call takes it. */
export function subscriptionData(subscription: PushSubscription): PushSubscriptionData {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
