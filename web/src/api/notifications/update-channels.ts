import { apiJSON } from '../client';
import { urls } from '../keys';
import type { NotificationChannels, NotificationChannelsInput } from '../types';
import { useApiMutation } from '../mutation';

/**
 * putNotificationChannels: PUT /api/notifications/channels {ntfyServer, ntfyTopic} — the
 * settings · 400 "Please enter a valid URL", a topic of letters, digits, - and _.
 */
export function putNotificationChannels(url: string, { arg }: { arg: NotificationChannelsInput }): Promise<NotificationChannels> {
  return apiJSON<NotificationChannels>('PUT', url, arg);
}

/** useUpdateNotificationChannels saves the ntfy settings and keeps the answer in the cache. */
export function useUpdateNotificationChannels() {
  return useApiMutation<NotificationChannels, NotificationChannelsInput>(urls.notificationChannels, putNotificationChannels, { store: urls.notificationChannels });
}
