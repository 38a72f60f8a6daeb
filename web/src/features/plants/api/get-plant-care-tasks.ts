import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { CareTask } from '@/api/types';

/** usePlantCareTasks: GET /api/plants/{id}/care-tasks, the plant's care history. */
export function usePlantCareTasks(id: number | null) {
  return useApiQuery<CareTask[]>(id === null ? null : urls.plantCareTasks(id));
}
