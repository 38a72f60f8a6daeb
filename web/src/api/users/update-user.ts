import { apiJSON } from '../client';
import { siteKeys, urls, userKeys } from '../keys';
import { useApiMutation } from '../mutation';
import type { User, UserPatchInput } from '../types';

/**
 * useUpdateUser changes an account with PATCH /api/users/{id} — the profile (admins and site
 * admins of the user's site) or every admin field (superadmins); answers the user · 400 field
 * errors · 403 account rules — then refreshes the user lists and the sites (counts).
 */
export function useUpdateUser() {
  return useApiMutation<User, { id: number; patch: UserPatchInput }>(urls.users, (_key, { arg: { id, patch } }) => apiJSON<User>('PATCH', urls.user(id), patch), {
    refresh: [userKeys, siteKeys],
  });
}
