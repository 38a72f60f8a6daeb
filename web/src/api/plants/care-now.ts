import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useCompleteCareTask } from '../care-tasks/complete-care-task';
import { useCreateCareTask } from '../care-tasks/create-care-task';
import { urls } from '../keys';
import { queueCare, unreachable } from '../offline-queue';
import type { Plant } from '../types';
import { todayKey } from '@/lib/dates';
import { useUpdatePlant } from './update-plant';

export type CareNowType = 'water' | 'fertilize';

/** What a care act came to: sent to the server, or kept on this device until it is online. */
export type CareOutcome = 'done' | 'queued';

/**
 * useCareNow: the Water Now and Fertilize buttons (spec 01 §4). Creates a task scheduled
 * today, completes it (empty body), then sets the plant's lastWatered or lastFertilized
 * to now; the hooks refresh the plant, its tasks and the summary. Offline (or when the server
 * cannot be reached before anything was written), the act is queued with its time and sent
 * when the browser is back online; the plant's cached date moves at once.
 */
export function useCareNow(plantId: number) {
  const create = useCreateCareTask();
  const complete = useCompleteCareTask();
  const update = useUpdatePlant();
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
        let task;
        try {
          task = await create.trigger({ plantId, taskType: type, scheduledDate: todayKey(), notes: null });
        } catch (error) {
          // Nothing reached the server yet: keep the act for later.
          if (unreachable(error)) return queue();
          throw error;
        }
        if (task?.id != null) await complete.trigger({ id: task.id });
        await update.trigger({ id: plantId, patch: type === 'water' ? { lastWatered: at } : { lastFertilized: at } });
        return 'done';
      } finally {
        setPending(null);
      }
    },
    [complete, create, mutate, plantId, update],
  );
  return { run, pending };
}

/** careNowToast: what Water Now and Fertilize say, done or kept for later. */
export function careNowToast(outcome: CareOutcome, plantName: string, type: CareNowType) {
  const done = type === 'water' ? `${plantName} was watered` : `${plantName} was fertilized`;
  return outcome === 'queued'
    ? { title: 'Saved on this device', description: `${done}: Garden sends it when you are back online.` }
    : { title: 'Task completed', description: `${done}.`, variant: 'success' as const };
}
