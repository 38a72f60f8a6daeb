import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { User } from '../types';

/**
 * useUsers: GET /api/users — every user for a superadmin, the users of the caller's site for
 * an admin or site admin (403 for others). `enabled` false fetches nothing.
 */
export function useUsers(enabled = true) {
  return useApiQuery<User[]>(enabled ? urls.users : null);
}
