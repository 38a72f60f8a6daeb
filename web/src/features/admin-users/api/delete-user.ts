import { apiRequest } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';

/** deleteUser: DELETE /api/users/{id} — 204 · 403 the account rules (superadmins). */
export async function deleteUser(_key: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.user(arg));
}

/** useDeleteUser removes an account: its own key is dropped, the lists and sites refreshed. */
export function useDeleteUser() {
  return useApiMutation<void, number>(urls.users, deleteUser, { forget: urls.user, refresh: [userKeys, siteKeys] });
}
