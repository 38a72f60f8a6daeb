import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { Device } from '../types';

/**
 * useDevices: GET /api/notifications/devices — the caller's devices registered for push, most
 * recently registered first. `enabled` false (signed out) fetches nothing.
 */
export function useDevices(enabled = true) {
  return useApiQuery<Device[]>(enabled ? urls.notificationDevices : null);
}
