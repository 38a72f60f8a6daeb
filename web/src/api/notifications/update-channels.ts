import { z } from 'zod';
import { isHttpUrl } from '@/lib/urls';
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

/** The ntfy form's messages: the server's rules (spec: an http(s) URL or empty; a topic or empty). */
export const NTFY_MESSAGES = {
  url: 'Please enter a valid URL',
  topic: 'Topic may use only letters, digits, - and _ (at most 64 characters)',
} as const;

const TOPIC = /^[A-Za-z0-9_-]{1,64}$/;

/** ntfySchema: the ntfy server (an http(s) URL or empty) and topic (letters, digits, - and _, or empty), trimmed. */
export const ntfySchema = z.object({
  ntfyServer: z
    .string()
    .trim()
    .refine((server) => !server || isHttpUrl(server), NTFY_MESSAGES.url),
  ntfyTopic: z
    .string()
    .trim()
    .refine((topic) => !topic || TOPIC.test(topic), NTFY_MESSAGES.topic),
});
