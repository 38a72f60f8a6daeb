import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { urls, userCategoryKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { UserCategory, UserCategoryInput } from '@/api/types';

/** postUserCategory: POST /api/user-categories {name, description} — 201 · 400 "Name must be at least 2 characters". */
export function postUserCategory(url: string, { arg }: { arg: UserCategoryInput }): Promise<UserCategory> {
  return apiJSON<UserCategory>('POST', url, arg);
}

/** useCreateUserCategory adds a user category, then refreshes the list. */
export function useCreateUserCategory() {
  const refresh = useRefresh();
  return useSWRMutation<UserCategory, Error, string, UserCategoryInput>(urls.userCategories, postUserCategory, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(userCategoryKeys),
  });
}
