import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { urls } from '../keys';
import { queueCare, unreachable } from '../offline-queue';
import { useFertilizePlants, useWaterPlants } from '../today/care-now';
import { t } from '@/lib/i18n/i18n';
import type { Plant } from '../types';

export type CareNowType = 'water' | 'fertilize';

/** What a care act came to: sent to the server, or kept on this device until it is online. */
export type CareOutcome = 'done' | 'queued';

/**
 * useCareNow: the Water Now and Fertilize buttons (spec 01 §4), one request: POST
 * /api/plants/water (or /fertilize) with this plant. The server completes the plant's due
 * tasks of the type, or records one done now, and moves its last date, so a due watering and a
 * due water task go together; the hooks refresh the plant, its tasks, the summary and Today.
 * Offline (or when the request cannot reach the server), the act is queued with its time and
 * sent the same way, with that time, when the browser is back online; the plant's cached date
 * moves at once.
 */
export function useCareNow(plantId: number) {
  const water = useWaterPlants();
  const fertilize = useFertilizePlants();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState<CareNowType | null>(null);

  const run = useCallback(
    async (type: CareNowType, label = ''): Promise<CareOutcome> => {
      const at = new Date().toISOString();
      const queue = () => {
        queueCare({ kind: type, plantId, at, label });
        const field = type === 'water' ? 'lastWatered' : 'lastFertilized';
        void mutate(urls.plant(plantId), (plant?: Plant) => (plant ? { ...plant, [field]: at } : plant), { revalidate: false });
        return 'queued' as const;
      };
      if (unreachable()) return queue();
      setPending(type);
      try {
        await (type === 'water' ? water : fertilize).trigger([plantId]);
        return 'done';
      } catch (error) {
        // The request never reached the server: keep the act for later.
        if (unreachable(error)) return queue();
        throw error;
      } finally {
        setPending(null);
      }
    },
    [fertilize, mutate, plantId, water],
  );
  return { run, pending };
}

/** careNowToast: what Water Now and Fertilize say, done or kept for later. */
export function careNowToast(outcome: CareOutcome, plantName: string, type: CareNowType) {
  const plant = plantName;
  return outcome === 'queued'
    ? { title: t('offline.saved'), description: t(type === 'water' ? 'offline.wateredLater' : 'offline.fertilizedLater', { plant }) }
    : { title: t('today.completed'), description: t(type === 'water' ? 'today.wasWatered' : 'today.wasFertilized', { plant }), variant: 'success' as const };
}
