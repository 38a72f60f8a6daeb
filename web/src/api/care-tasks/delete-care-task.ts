import { apiRequest } from '../client';
import { summaryKeys, taskKeys, urls } from '../keys';
import { useApiMutation } from '../mutation';

/** deleteCareTask: DELETE /api/care-tasks/{id}. */
export async function deleteCareTask(url: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', `${url}/${arg}`);
}

/** useDeleteCareTask removes a task, then refreshes the task lists and the summary. */
export function useDeleteCareTask() {
  return useApiMutation<void, number>(urls.careTasks, deleteCareTask, { refresh: [taskKeys, summaryKeys] });
}
