import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api/client';
import { notificationKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';

/** deleteNotification: DELETE /api/notifications/{id} — 204; gone for everyone · 404. */
export async function deleteNotification(_url: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.notification(arg));
}

/** useDeleteNotification deletes from the console, then refreshes the history and the bell. */
export function useDeleteNotification() {
  const refresh = useRefresh();
  return useSWRMutation<void, Error, string, number>(urls.notificationsAdmin, deleteNotification, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(notificationKeys),
  });
}
