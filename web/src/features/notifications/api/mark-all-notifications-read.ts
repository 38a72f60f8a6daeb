import { apiJSON } from '@/api/client';
import { notificationKeys, urls } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';

export interface MarkAllReadResult {
  success: boolean;
  marked: number;
}

/** postMarkAllRead: POST /api/notifications/mark-all-read — {success, marked}; only the caller's. */
export function postMarkAllRead(url: string): Promise<MarkAllReadResult> {
  return apiJSON<MarkAllReadResult>('POST', url);
}

/** useMarkAllNotificationsRead marks everything read, then refetches the list (spec 01 §7). */
export function useMarkAllNotificationsRead() {
  return useApiMutation<MarkAllReadResult>(urls.notificationsMarkAllRead, postMarkAllRead, { refresh: [notificationKeys] });
}
