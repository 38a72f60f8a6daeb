import { apiJSON } from '../client';
import { plantKeys, summaryKeys, taskKeys, urls } from '../keys';
import { useApiMutation } from '../mutation';
import type { DueItem } from '../types';

/** postSnooze: POST /api/today/snooze — the item is due tomorrow instead. */
export function postSnooze(url: string, { arg }: { arg: DueItem }): Promise<void> {
  const body = arg.kind === 'task' ? { kind: 'task', taskId: arg.taskId } : { kind: arg.kind, plantId: arg.plantId };
  return apiJSON<void>('POST', url, body);
}

/** useSnooze postpones a due item of the Today list by a day; every count follows. */
export function useSnooze() {
  return useApiMutation<void, DueItem>(urls.snooze, postSnooze, { refresh: [plantKeys, taskKeys, summaryKeys] });
}
