import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { useApiQuery, useRefresh } from '@/api/query';
import { t, type MessageKey } from '@/lib/i18n/i18n';

/** The caller's webhooks (GET/POST /api/webhooks, PATCH/DELETE /api/webhooks/{id}). */
export const WEBHOOKS_URL = '/api/webhooks';
export const webhookDeliveriesUrl = (id: number) => `${WEBHOOKS_URL}/${id}/deliveries`;

export interface Webhook {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  siteWide: boolean;
  failingSince: string | null;
  pausedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Only in the answer that set it (creation, rotation): shown once. */
  secret?: string;
}

export interface WebhookDelivery {
  id: number;
  event: string;
  status: 'pending' | 'retrying' | 'delivered' | 'failed' | 'given_up' | 'skipped';
  attempts: number;
  httpStatus: number;
  latencyMs: number;
  error: string;
  createdAt: string;
  attemptedAt: string | null;
}

export interface WebhookInput {
  url?: string;
  events?: string[];
  secret?: string;
  rotateSecret?: boolean;
  active?: boolean;
  siteWide?: boolean;
}

/** The event types a webhook may hear, in the server's order (domain.WebhookEvents); labels are catalogue keys. */
export const WEBHOOK_EVENTS = [
  { type: 'plant.needs_water', label: 'settings.webhooks.event.needsWater' },
  { type: 'plant.watered', label: 'settings.webhooks.event.watered' },
  { type: 'task.due', label: 'settings.webhooks.event.taskDue' },
  { type: 'task.completed', label: 'settings.webhooks.event.taskCompleted' },
  { type: 'harvest.recorded', label: 'settings.webhooks.event.harvest' },
  { type: 'forum.reply', label: 'settings.webhooks.event.forumReply' },
  { type: 'listing.message', label: 'settings.webhooks.event.listingMessage' },
] as const satisfies readonly { type: string; label: MessageKey }[];

/** The server's messages (core/domain/webhook.go) in the shown language, checked before sending. */
export function validateWebhook(v: { url: string; events: string[]; secret: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  const url = v.url.trim();
  if (!url) errors.url = t('settings.webhooks.urlRequired');
  else if (url.length > 2000) errors.url = t('settings.webhooks.urlTooLong');
  else if (!/^https?:\/\/[^/@\s?#:][^/@\s?#]*(?:[/?#]\S*)?$/i.test(url)) errors.url = t('settings.webhooks.urlInvalid');
  if (v.events.length === 0) errors.events = t('settings.webhooks.eventsRequired');
  if (v.secret && (v.secret.length < 16 || v.secret.length > 200)) errors.secret = t('settings.webhooks.secretRange');
  return errors;
}

export function useWebhooks() {
  return useApiQuery<Webhook[]>(WEBHOOKS_URL);
}

/** useWebhookDeliveries reads a webhook's log while it is open (id null: not open). */
export function useWebhookDeliveries(id: number | null) {
  return useApiQuery<WebhookDelivery[]>(id === null ? null : webhookDeliveriesUrl(id));
}

const isWebhookKey = (key: string) => key === WEBHOOKS_URL || key.startsWith(`${WEBHOOKS_URL}/`);

export function useCreateWebhook() {
  const refresh = useRefresh();
  return useSWRMutation<Webhook, Error, string, WebhookInput>(WEBHOOKS_URL, (url, { arg }) => apiJSON<Webhook>('POST', url, arg), {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(isWebhookKey),
  });
}

export function useUpdateWebhook() {
  const refresh = useRefresh();
  return useSWRMutation<Webhook, Error, string, { id: number; patch: WebhookInput }>(
    WEBHOOKS_URL,
    (url, { arg }) => apiJSON<Webhook>('PATCH', `${url}/${arg.id}`, arg.patch),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh(isWebhookKey) },
  );
}

export function useDeleteWebhook() {
  const refresh = useRefresh();
  return useSWRMutation<unknown, Error, string, number>(WEBHOOKS_URL, (url, { arg }) => apiJSON('DELETE', `${url}/${arg}`), {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(isWebhookKey),
  });
}

export function useSendTestWebhook() {
  const refresh = useRefresh();
  return useSWRMutation<WebhookDelivery, Error, string, number>(
    WEBHOOKS_URL,
    (url, { arg }) => apiJSON<WebhookDelivery>('POST', `${url}/${arg}/test`),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh(isWebhookKey) },
  );
}
