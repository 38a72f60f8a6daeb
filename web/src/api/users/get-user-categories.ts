import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { UserCategory } from '../types';

/** useUserCategories: GET /api/user-categories — readable by every signed-in user. */
export function useUserCategories(enabled = true) {
  return useApiQuery<UserCategory[]>(enabled ? urls.userCategories : null);
}
