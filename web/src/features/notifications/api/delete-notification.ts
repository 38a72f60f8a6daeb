import { apiRequest } from '@/api/client';
import { notificationKeys, urls } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';

/** deleteNotification: DELETE /api/notifications/{id} — 204; gone for everyone · 404. */
export async function deleteNotification(_url: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.notification(arg));
}

/** useDeleteNotification deletes from the console, then refreshes the history and the bell. */
export function useDeleteNotification() {
  return useApiMutation<void, number>(urls.notificationsAdmin, deleteNotification, { refresh: [notificationKeys] });
}
