import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client';
import { summaryKeys, taskKeys, urls } from '../keys';
import { useRefresh } from '../query';

/** deleteCareTask: DELETE /api/care-tasks/{id}. */
export async function deleteCareTask(url: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', `${url}/${arg}`);
}

/** useDeleteCareTask removes a task, then refreshes the task lists and the summary. */
export function useDeleteCareTask() {
  const refresh = useRefresh();
  return useSWRMutation<void, Error, string, number>(urls.careTasks, deleteCareTask, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(taskKeys, summaryKeys),
  });
}
