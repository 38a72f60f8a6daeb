import { noteGardenSuccess } from '@/lib/garden-success';
import { apiJSON } from '../client';
import { plantKeys, summaryKeys, taskKeys, urls } from '../keys';
import type { CompletedCareTask } from '../types';
import { useApiMutation } from '../mutation';

export interface CompleteCareTaskInput {
  id: number;
  /** ISO timestamp; omitted, the request has an empty body and the server uses now. */
  completedDate?: string;
}

/** patchCompleteCareTask: PATCH /api/care-tasks/{id}/complete. */
export function patchCompleteCareTask(
  url: string,
  { arg }: { arg: CompleteCareTaskInput },
): Promise<CompletedCareTask> {
  const body = arg.completedDate ? { completedDate: arg.completedDate } : undefined;
  return apiJSON<CompletedCareTask>('PATCH', `${url}/${arg.id}/complete`, body);
}

/**
 * useCompleteCareTask marks a task done. Tasks, the summary and the plants are refreshed:
 * completing a water or fertilize task also moves the plant's last date. A task completed (Water
 * Now and Fertilize complete one too) is a gardener's success (the notification prompt waits).
 */
export function useCompleteCareTask() {
  return useApiMutation<CompletedCareTask, CompleteCareTaskInput>(urls.careTasks, patchCompleteCareTask, {
    refresh: [taskKeys, summaryKeys, plantKeys],
    onSuccess: noteGardenSuccess,
  });
}
