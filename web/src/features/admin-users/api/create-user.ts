import { apiJSON } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import type { AdminUserInput, User } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/**
 * postUser: POST /api/users — 201 the user (superadmins) · 400 the admin form's messages ·
 * 403 an account rule or "User limit reached".
 */
export function postUser(url: string, { arg }: { arg: AdminUserInput }): Promise<User> {
  return apiJSON<User>('POST', url, arg);
}

/** useCreateUser adds an account, then refreshes the user lists and the sites (counts). */
export function useCreateUser() {
  return useApiMutation<User, AdminUserInput>(urls.users, postUser, { refresh: [userKeys, siteKeys] });
}
