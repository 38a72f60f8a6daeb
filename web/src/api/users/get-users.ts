import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { User } from '../types';

/**
 * useUsers: GET /api/users — the first users (up to the API's page maximum, 200) for a
 * superadmin, of the caller's site for an admin or site admin (403 for others). `enabled`
 * false fetches nothing. A list page uses urls.usersQuery with usePagedList.
 */
export function useUsers(enabled = true) {
  return useApiQuery<User[]>(enabled ? urls.usersQuery({ limit: '200' }) : null);
}
