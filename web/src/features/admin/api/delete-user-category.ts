import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api/client';
import { urls, userCategoryKeys, userKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';

/** deleteUserCategory: DELETE /api/user-categories/{id} — 204; its users are left without a category. */
export async function deleteUserCategory(_key: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.userCategory(arg));
}

/** useDeleteUserCategory removes a user category, then refreshes the categories and the users. */
export function useDeleteUserCategory() {
  const refresh = useRefresh();
  return useSWRMutation<void, Error, string, number>(urls.userCategories, deleteUserCategory, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(userCategoryKeys, userKeys),
  });
}
