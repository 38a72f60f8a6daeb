import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiJSON } from '../client';
import { urls } from '../keys';
import type { NotificationChannels, NotificationChannelsInput } from '../types';

/**
 * putNotificationChannels: PUT /api/notifications/channels {ntfyServer, ntfyTopic} — the
 * settings · 400 "Please enter a valid URL", a topic of letters, digits, - and _.
 */
export function putNotificationChannels(url: string, { arg }: { arg: NotificationChannelsInput }): Promise<NotificationChannels> {
  return apiJSON<NotificationChannels>('PUT', url, arg);
}

/** useUpdateNotificationChannels saves the ntfy settings and keeps the answer in the cache. */
export function useUpdateNotificationChannels() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<NotificationChannels, Error, string, NotificationChannelsInput>(
    urls.notificationChannels,
    putNotificationChannels,
    {
      throwOnError: true,
      revalidate: false,
      onSuccess: (channels) => void mutate(urls.notificationChannels, channels, { revalidate: false }),
    },
  );
}
