import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';

/** deleteUser: DELETE /api/users/{id} — 204 · 403 the account rules (superadmins). */
export async function deleteUser(_key: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.user(arg));
}

/** useDeleteUser removes an account: its own key is dropped, the lists and sites refreshed. */
export function useDeleteUser() {
  const refresh = useRefresh();
  const { cache } = useSWRConfig();
  const { trigger, isMutating } = useSWRMutation<void, Error, string, number>(urls.users, deleteUser, {
    throwOnError: true,
    revalidate: false,
  });
  const remove = useCallback(
    async (id: number) => {
      await trigger(id);
      cache.delete(urls.user(id));
      void refresh((key) => key !== urls.user(id) && userKeys(key), siteKeys);
    },
    [cache, refresh, trigger],
  );
  return { trigger: remove, isMutating };
}
