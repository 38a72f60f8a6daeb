import { urls } from '@/api/keys';
import { usePagedList } from '@/api/use-paged-list';
import type { AdminNotification } from '@/api/types';

/**
 * useAdminNotifications: GET /api/notifications/admin — the console's history, newest first,
 * a page at a time ("Load more"), with target names, read counts and the recipients counted
 * when each was sent (superadmins). Sending or deleting refreshes it (notificationKeys).
 */
export function useAdminNotifications(enabled = true) {
  return usePagedList<AdminNotification>(enabled ? urls.notificationsAdmin : null);
}
