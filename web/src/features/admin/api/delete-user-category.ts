import { apiRequest } from '@/api/client';
import { urls, userCategoryKeys, userKeys } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';

/** deleteUserCategory: DELETE /api/user-categories/{id} — 204; its users are left without a category. */
export async function deleteUserCategory(_key: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', urls.userCategory(arg));
}

/** useDeleteUserCategory removes a user category, then refreshes the categories and the users. */
export function useDeleteUserCategory() {
  return useApiMutation<void, number>(urls.userCategories, deleteUserCategory, { refresh: [userCategoryKeys, userKeys] });
}
