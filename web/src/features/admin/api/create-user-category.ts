import { apiJSON } from '@/api/client';
import { urls, userCategoryKeys } from '@/api/keys';
import type { UserCategory, UserCategoryInput } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/** postUserCategory: POST /api/user-categories {name, description} — 201 · 400 "Name must be at least 2 characters". */
export function postUserCategory(url: string, { arg }: { arg: UserCategoryInput }): Promise<UserCategory> {
  return apiJSON<UserCategory>('POST', url, arg);
}

/** useCreateUserCategory adds a user category, then refreshes the list. */
export function useCreateUserCategory() {
  return useApiMutation<UserCategory, UserCategoryInput>(urls.userCategories, postUserCategory, { refresh: [userCategoryKeys] });
}
