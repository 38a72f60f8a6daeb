import { apiJSON } from '../client';
import { urls, userKeys } from '../keys';
import type { User } from '../types';
import { useApiMutation } from '../mutation';

/** patchToggleUserActive: PATCH /api/users/{id}/toggle-active — answers the user. */
export function patchToggleUserActive(_key: string, { arg }: { arg: number }): Promise<User> {
  return apiJSON<User>('PATCH', urls.userToggleActive(arg));
}

/** useToggleUserActive activates or deactivates an account, then refreshes the user lists. */
export function useToggleUserActive() {
  return useApiMutation<User, number>(urls.users, patchToggleUserActive, { refresh: [userKeys] });
}
