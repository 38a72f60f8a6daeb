import { apiJSON } from '../client';
import { summaryKeys, taskKeys, urls } from '../keys';
import type { CareTask, NewCareTask } from '../types';
import { useApiMutation } from '../mutation';

/** postCareTask: POST /api/care-tasks; answers the created task with its id. */
export function postCareTask(url: string, { arg }: { arg: NewCareTask }): Promise<CareTask> {
  return apiJSON<CareTask>('POST', url, arg);
}

/** useCreateCareTask schedules a task, then refreshes every task list and the summary. */
export function useCreateCareTask() {
  return useApiMutation<CareTask, NewCareTask>(urls.careTasks, postCareTask, { refresh: [taskKeys, summaryKeys] });
}
