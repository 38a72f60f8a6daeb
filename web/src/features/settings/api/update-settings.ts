import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { urls, userKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { User, UserSettingsInput } from '@/api/types';

/**
 * patchSettings: PATCH /api/user/settings — the caller's profile and preferences; answers
 * the caller · 400 field errors · 403 when a non-superadmin sends a category.
 */
export function patchSettings(url: string, { arg }: { arg: UserSettingsInput }): Promise<User> {
  return apiJSON<User>('PATCH', url, arg);
}

/** useUpdateSettings saves the caller's settings, keeps the answer as GET /api/user, refreshes user lists. */
export function useUpdateSettings() {
  const { mutate } = useSWRConfig();
  const refresh = useRefresh();
  return useSWRMutation<User, Error, string, UserSettingsInput>(urls.userSettings, patchSettings, {
    throwOnError: true,
    revalidate: false,
    onSuccess: (user) => {
      void mutate(urls.currentUser, user, { revalidate: false });
      void refresh((key) => key !== urls.currentUser && userKeys(key));
    },
  });
}
