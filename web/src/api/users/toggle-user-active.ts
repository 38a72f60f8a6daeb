import useSWRMutation from 'swr/mutation';
import { apiJSON } from '../client';
import { urls, userKeys } from '../keys';
import { useRefresh } from '../query';
import type { User } from '../types';

/** patchToggleUserActive: PATCH /api/users/{id}/toggle-active — answers the user. */
export function patchToggleUserActive(_key: string, { arg }: { arg: number }): Promise<User> {
  return apiJSON<User>('PATCH', urls.userToggleActive(arg));
}

/** useToggleUserActive activates or deactivates an account, then refreshes the user lists. */
export function useToggleUserActive() {
  const refresh = useRefresh();
  return useSWRMutation<User, Error, string, number>(urls.users, patchToggleUserActive, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(userKeys),
  });
}
