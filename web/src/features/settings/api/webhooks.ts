import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { useApiQuery, useRefresh } from '@/api/query';

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

/** The event types a webhook may hear, in the server's order (domain.WebhookEvents). */
export const WEBHOOK_EVENTS = [
  { type: 'plant.needs_water', label: 'A plant needs water' },
  { type: 'plant.watered', label: 'A plant was watered' },
  { type: 'task.due', label: 'A task is due' },
  { type: 'task.completed', label: 'A task was completed' },
  { type: 'harvest.recorded', label: 'A harvest was recorded' },
  { type: 'forum.reply', label: 'A forum reply' },
  { type: 'listing.message', label: 'A sharing message' },
] as const;

/** The server's messages (core/domain/webhook.go), checked before sending. */
export function validateWebhook(v: { url: string; events: string[]; secret: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  const url = v.url.trim();
  if (!url) errors.url = 'URL is required';
  else if (url.length > 2000) errors.url = 'URL cannot exceed 2000 characters';
  else if (!/^https?:\/\/[^/@\s?#:][^/@\s?#]*(?:[/?#]\S*)?$/i.test(url)) errors.url = 'URL must be an http or https address';
  if (v.events.length === 0) errors.events = 'Choose at least one event';
  if (v.secret && (v.secret.length < 16 || v.secret.length > 200)) errors.secret = 'Secret must be 16 to 200 characters';
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
