import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api/client';
import { journalKeys, onePlantKeys, plantKeys, summaryKeys, taskKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';

/** deletePlant: DELETE /api/plants/{id} (its tasks and journal entries go with it). */
export async function deletePlant(url: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', `${url}/${arg}`);
}

/**
 * useDeletePlant removes a plant. The deleted plant's own keys are dropped (not
 * refetched: they would only answer 404); every list that showed it is refreshed.
 */
export function useDeletePlant() {
  const refresh = useRefresh();
  const { cache } = useSWRConfig();
  const { trigger, isMutating } = useSWRMutation<void, Error, string, number>(urls.plants, deletePlant, {
    throwOnError: true,
    revalidate: false,
  });
  const remove = useCallback(
    async (id: number) => {
      await trigger(id);
      const own = onePlantKeys(id);
      void refresh((key) => !own(key) && (plantKeys(key) || taskKeys(key) || journalKeys(key) || summaryKeys(key)));
      for (const key of Array.from(cache.keys())) if (own(key)) cache.delete(key);
    },
    [cache, refresh, trigger],
  );
  return { trigger: remove, isMutating };
}
