import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiJSON } from '@/api/client';
import { urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { AppNotification } from '@/api/types';

/** patchNotificationRead: PATCH /api/notifications/{id}/read — the notification, read · 404. */
export function patchNotificationRead(id: number): Promise<AppNotification> {
  return apiJSON<AppNotification>('PATCH', urls.notificationRead(id));
}

/**
 * useMarkNotificationRead marks one notification read. The bell shows it read at once and
 * goes back if the server refuses; the console's history (read counts) is refreshed.
 */
export function useMarkNotificationRead() {
  const { mutate } = useSWRConfig();
  const refresh = useRefresh();
  return useCallback(
    async (id: number) => {
      const readAt = new Date().toISOString();
      const markIn = (list: AppNotification[] | undefined, read: Partial<AppNotification>) =>
        list?.map((n) => (n.id === id ? { ...n, isRead: true, readAt: n.readAt ?? readAt, ...read } : n));
      await mutate<AppNotification[]>(
        urls.notifications,
        async (current) => markIn(current, await patchNotificationRead(id)),
        {
          optimisticData: (current) => markIn(current, {}) ?? [],
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
          throwOnError: true,
        },
      );
      void refresh((key) => key === urls.notificationsAdmin);
    },
    [mutate, refresh],
  );
}
