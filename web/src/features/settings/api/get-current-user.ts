import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { User } from '@/api/types';

/** useCurrentUser: GET /api/user — the signed-in account, fresh for the settings page. */
export function useCurrentUser() {
  return useApiQuery<User>(urls.currentUser);
}
