import { useCallback, useState } from 'react';
import { useCompleteCareTask } from '../care-tasks/complete-care-task';
import { useCreateCareTask } from '../care-tasks/create-care-task';
import { todayKey } from '@/lib/dates';
import { useUpdatePlant } from './update-plant';

export type CareNowType = 'water' | 'fertilize';

/**
 * useCareNow: the Water Now and Fertilize buttons (spec 01 §4). Creates a task scheduled
 * today, completes it (empty body), then sets the plant's lastWatered or lastFertilized
 * to now; the hooks refresh the plant, its tasks and the summary.
 */
export function useCareNow(plantId: number) {
  const create = useCreateCareTask();
  const complete = useCompleteCareTask();
  const update = useUpdatePlant();
  const [pending, setPending] = useState<CareNowType | null>(null);

  const run = useCallback(
    async (type: CareNowType) => {
      setPending(type);
      try {
        const task = await create.trigger({ plantId, taskType: type, scheduledDate: todayKey(), notes: null });
        if (task?.id != null) await complete.trigger({ id: task.id });
        const now = new Date().toISOString();
        await update.trigger({ id: plantId, patch: type === 'water' ? { lastWatered: now } : { lastFertilized: now } });
      } finally {
        setPending(null);
      }
    },
    [complete, create, plantId, update],
  );
  return { run, pending };
}
