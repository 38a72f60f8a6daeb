import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { urls, userCategoryKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { UserCategory, UserCategoryInput } from '@/api/types';

export interface UpdateUserCategoryArg {
  id: number;
  category: UserCategoryInput;
}

/** patchUserCategory: PATCH /api/user-categories/{id} {name, description} — the category. */
export function patchUserCategory(_key: string, { arg }: { arg: UpdateUserCategoryArg }): Promise<UserCategory> {
  return apiJSON<UserCategory>('PATCH', urls.userCategory(arg.id), arg.category);
}

/** useUpdateUserCategory changes a user category, then refreshes the list. */
export function useUpdateUserCategory() {
  const refresh = useRefresh();
  return useSWRMutation<UserCategory, Error, string, UpdateUserCategoryArg>(urls.userCategories, patchUserCategory, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(userCategoryKeys),
  });
}
