import { z } from 'zod';
import type { MessageKey } from '@/lib/i18n/i18n';
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

/** The ntfy form's messages, catalogue keys: the server's rules (spec: an http(s) URL or empty; a topic or empty). */
export const NTFY_MESSAGES = {
  url: 'shared.form.validUrl',
  topic: 'shared.form.ntfyTopic',
} as const satisfies Record<string, MessageKey>;

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
