import { z } from 'zod';
import { apiJSON } from '@/api/client';
import { urls } from '@/api/keys';
import type { ImportSchedule, ImportScheduleUpdate } from '@/api/types';
import { normalizeTime, TIME_FORMAT_MESSAGE } from '../components/schedule-time';
import { useApiMutation } from '@/api/mutation';

/**
 * postUpdateImportSchedule: POST /api/ecommerce/update-schedule with enabled, time
 * ("HH:MM") or both; answers the schedule · 400 for a malformed time.
 */
export function postUpdateImportSchedule(url: string, { arg }: { arg: ImportScheduleUpdate }): Promise<ImportSchedule> {
  return apiJSON<ImportSchedule>('POST', url, arg);
}

/** useUpdateImportSchedule changes the schedule and puts the answer in the schedule's cache entry. */
export function useUpdateImportSchedule() {
  return useApiMutation<ImportSchedule, ImportScheduleUpdate>(urls.ecommerceUpdateSchedule, postUpdateImportSchedule, { store: urls.ecommerceSchedule });
}

/** scheduleTimeSchema: the daily import time typed as H:MM or HH:MM (00:00–23:59), sent as HH:MM. */
export const scheduleTimeSchema = z.object({
  time: z
    .string()
    .refine((time) => normalizeTime(time) !== null, TIME_FORMAT_MESSAGE)
    .transform((time) => normalizeTime(time) ?? time),
});
