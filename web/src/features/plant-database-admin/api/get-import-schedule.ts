import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { ImportSchedule } from '@/api/types';

/** useImportSchedule: GET /api/ecommerce/schedule — {enabled, cronTime, time, lastRun, nextRun}. */
export function useImportSchedule() {
  return useApiQuery<ImportSchedule>(urls.ecommerceSchedule);
}
