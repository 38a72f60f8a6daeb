import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { CareTask } from '../types';

/**
 * useOverdueTasks: GET /api/care-tasks/overdue?today= — the pending tasks scheduled before
 * the caller's today, oldest first (the Overdue group of the Schedule and the dashboard).
 */
export function useOverdueTasks(today: string) {
  return useApiQuery<CareTask[]>(urls.overdueTasks(today));
}
