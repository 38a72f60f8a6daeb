import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { AdminNotification } from '@/api/types';

/**
 * useAdminNotifications: GET /api/notifications/admin — the console's history, newest first
 * (500 at most), with target names and read counts (superadmins).
 */
export function useAdminNotifications(enabled = true) {
  return useApiQuery<AdminNotification[]>(enabled ? urls.notificationsAdmin : null);
}
