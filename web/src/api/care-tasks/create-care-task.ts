import useSWRMutation from 'swr/mutation';
import { apiJSON } from '../client';
import { summaryKeys, taskKeys, urls } from '../keys';
import { useRefresh } from '../query';
import type { CareTask, NewCareTask } from '../types';

/** postCareTask: POST /api/care-tasks; answers the created task with its id. */
export function postCareTask(url: string, { arg }: { arg: NewCareTask }): Promise<CareTask> {
  return apiJSON<CareTask>('POST', url, arg);
}

/** useCreateCareTask schedules a task, then refreshes every task list and the summary. */
export function useCreateCareTask() {
  const refresh = useRefresh();
  return useSWRMutation<CareTask, Error, string, NewCareTask>(urls.careTasks, postCareTask, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(taskKeys, summaryKeys),
  });
}
