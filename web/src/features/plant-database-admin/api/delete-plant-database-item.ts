import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api/client';
import { plantDatabaseKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';

/** deletePlantDatabaseItem: DELETE /api/plant-database/{id} — 204. */
export async function deletePlantDatabaseItem(url: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', `${url}/${arg}`);
}

/**
 * useDeletePlantDatabaseItem removes an item: its own key is dropped (it would only
 * answer 404), the list is refreshed.
 */
export function useDeletePlantDatabaseItem() {
  const refresh = useRefresh();
  const { cache } = useSWRConfig();
  const { trigger, isMutating } = useSWRMutation<void, Error, string, number>(urls.plantDatabase, deletePlantDatabaseItem, {
    throwOnError: true,
    revalidate: false,
  });
  const remove = useCallback(
    async (id: number) => {
      await trigger(id);
      cache.delete(urls.plantDatabaseItem(id));
      void refresh((key) => key !== urls.plantDatabaseItem(id) && plantDatabaseKeys(key));
    },
    [cache, refresh, trigger],
  );
  return { trigger: remove, isMutating };
}
