import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { CareTask } from '../types';

/**
 * useCareTasksInRange: GET /api/care-tasks?from=&to= (yyyy-MM-dd, inclusive) — the tasks
 * of those days plus projected occurrences of pending recurring tasks.
 */
export function useCareTasksInRange(from: string, to: string) {
  return useApiQuery<CareTask[]>(urls.careTasksInRange(from, to));
}
