import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { CareTask } from '@/api/types';

/** useCareTasksOnDate: GET /api/care-tasks/date/{yyyy-MM-dd}, with projected occurrences. */
export function useCareTasksOnDate(date: string) {
  return useApiQuery<CareTask[]>(urls.careTasksOnDate(date));
}
