import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { NotificationChannels } from '../types';

/** useNotificationChannels: GET /api/notifications/channels — the caller's ntfy server and topic. */
export function useNotificationChannels(enabled = true) {
  return useApiQuery<NotificationChannels>(enabled ? urls.notificationChannels : null);
}
