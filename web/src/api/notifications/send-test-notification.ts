import useSWRMutation from 'swr/mutation';
import { apiJSON } from '../client';
import { notificationKeys, urls } from '../keys';
import { useRefresh } from '../query';
import type { TestNotificationResult, TestNotificationType } from '../types';

/**
 * postTestNotification: POST /api/notifications/test {type} — 201 the sample and what each
 * channel did · 400 unknown type · 429 more than 10 an hour.
 */
export function postTestNotification(url: string, { arg }: { arg: TestNotificationType }): Promise<TestNotificationResult> {
  return apiJSON<TestNotificationResult>('POST', url, { type: arg });
}

/** useSendTestNotification sends a sample to the caller, then refreshes the bell. */
export function useSendTestNotification() {
  const refresh = useRefresh();
  return useSWRMutation<TestNotificationResult, Error, string, TestNotificationType>(urls.notificationTest, postTestNotification, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(notificationKeys),
  });
}
