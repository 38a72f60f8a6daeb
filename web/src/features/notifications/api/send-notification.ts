import { apiJSON } from '@/api/client';
import { notificationKeys, urls } from '@/api/keys';
import type { AdminNotification, NewNotification } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/**
 * postSendNotification: POST /api/notifications/send — 201 the history entry once stored
 * (push, e-mail and ntfy follow in the background) · 400 field errors.
 */
export function postSendNotification(url: string, { arg }: { arg: NewNotification }): Promise<AdminNotification> {
  return apiJSON<AdminNotification>('POST', url, arg);
}

/** useSendNotification sends, then refreshes the history and the sender's own bell. */
export function useSendNotification() {
  return useApiMutation<AdminNotification, NewNotification>(urls.notificationSend, postSendNotification, { refresh: [notificationKeys] });
}
