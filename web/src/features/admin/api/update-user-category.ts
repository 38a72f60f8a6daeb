import { apiJSON } from '@/api/client';
import { urls, userCategoryKeys } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';
import type { UserCategory, UserCategoryInput } from '@/api/types';

/** useUpdateUserCategory: PATCH /api/user-categories/{id} {name, description} — the category; refreshes the list. */
export function useUpdateUserCategory() {
  return useApiMutation<UserCategory, { id: number; category: UserCategoryInput }>(
    urls.userCategories,
    (_key, { arg }) => apiJSON<UserCategory>('PATCH', urls.userCategory(arg.id), arg.category),
    { refresh: [userCategoryKeys] },
  );
}
