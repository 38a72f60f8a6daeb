import { fetcherOrNullOn401 } from '@/api/fetcher';
import type { User } from '@/api/types';

/** URL (and SWR key) of the signed-in user. */
export const CURRENT_USER_URL = '/api/user';

/** getCurrentUser: GET /api/user with the stored token; null when the server answers 401. */
export function getCurrentUser(): Promise<User | null> {
  return fetcherOrNullOn401<User>(CURRENT_USER_URL);
}
