import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { User } from '../types';

/** useUser: GET /api/users/{id} — one account the caller may see (404 otherwise). */
export function useUser(id: number | null) {
  return useApiQuery<User>(id !== null ? urls.user(id) : null);
}
