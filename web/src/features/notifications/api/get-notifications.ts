import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { AppNotification } from '@/api/types';

/**
 * useNotifications: GET /api/notifications — the caller's notifications, newest first (200 at
 * most), only when signed in (spec 01 §7). No polling (spec 01 §9): the list loads with the
 * app and is read again when the bell opens, when the window regains focus, and when the
 * service worker reports a push.
 */
export function useNotifications(enabled = true) {
  return useApiQuery<AppNotification[]>(enabled ? urls.notifications : null, { revalidateOnFocus: true });
}

/** unreadCount: notifications whose isRead is false (spec 01 §3). */
export function unreadCount(notifications: readonly AppNotification[] | undefined): number {
  return (notifications ?? []).filter((n) => !n.isRead).length;
}
