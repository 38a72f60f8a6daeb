import { apiRequest } from '@/api/client';
import { plantDatabaseKeys, urls } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';

/**
 * useDeletePlantDatabaseItem removes an item with DELETE /api/plant-database/{id} (204): its
 * own key is dropped (it would only answer 404), the list is refreshed.
 */
export function useDeletePlantDatabaseItem() {
  return useApiMutation<void, number>(urls.plantDatabase, (url, { arg }) => apiRequest('DELETE', `${url}/${arg}`).then(() => undefined), {
    forget: urls.plantDatabaseItem,
    refresh: [plantDatabaseKeys],
  });
}
