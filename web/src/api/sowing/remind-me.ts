import { apiJSON } from '../client';
import { plantKeys, summaryKeys, taskKeys } from '../keys';
import { useApiMutation } from '../mutation';
import type { SowingReminder } from '../types';
import { sowingUrls } from './get-sowing';

/** What "Remind me" sends: the step, and the gardener's plant of this species when they have one. */
export interface RemindMeInput {
  id: number;
  step: 'sowIndoors' | 'directSow';
  plantId?: number;
  today: string;
}

/**
 * useRemindMe: POST /api/sowing/{id}/reminder — a care task on the day the step can next be
 * done, on the gardener's plant or on a new one made from the item; refreshes the tasks, the
 * plants (one may be new) and the dashboard summary.
 */
export function useRemindMe() {
  return useApiMutation<SowingReminder, RemindMeInput>(
    '/api/sowing/reminder',
    (_key, { arg: { id, ...body } }) => apiJSON<SowingReminder>('POST', sowingUrls.reminder(id), body),
    { refresh: [taskKeys, plantKeys, summaryKeys] },
  );
}
