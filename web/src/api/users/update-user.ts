import useSWRMutation from 'swr/mutation';
import { apiJSON } from '../client';
import { siteKeys, urls, userKeys } from '../keys';
import { useRefresh } from '../query';
import type { User, UserPatchInput } from '../types';

export interface UpdateUserArg {
  id: number;
  patch: UserPatchInput;
}

/**
 * patchUser: PATCH /api/users/{id} — the profile (admins and site admins of the user's site)
 * or every admin field (superadmins); answers the user · 400 field errors · 403 account rules.
 */
export function patchUser(_key: string, { arg }: { arg: UpdateUserArg }): Promise<User> {
  return apiJSON<User>('PATCH', urls.user(arg.id), arg.patch);
}

/** useUpdateUser changes an account, then refreshes the user lists and the sites (counts). */
export function useUpdateUser() {
  const refresh = useRefresh();
  return useSWRMutation<User, Error, string, UpdateUserArg>(urls.users, patchUser, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(userKeys, siteKeys),
  });
}
