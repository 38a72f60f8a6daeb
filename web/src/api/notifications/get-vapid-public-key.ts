import { apiJSON } from '../client';
import { urls } from '../keys';
import type { VapidPublicKey } from '../types';

/**
 * getVapidPublicKey: GET /api/notifications/vapid-public-key — {publicKey, delivery}. Read
 * when subscribing (not cached: an operator may change the key pair).
 */
export function getVapidPublicKey(): Promise<VapidPublicKey> {
  return apiJSON<VapidPublicKey>('GET', urls.vapidPublicKey);
}
