import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { DashboardSummary } from '@/api/types';

/**
 * useDashboardSummary: GET /api/dashboard/summary?today=yyyy-MM-dd — reminders, care
 * statistics and the current week, computed for the user's local date.
 */
export function useDashboardSummary(today: string) {
  return useApiQuery<DashboardSummary>(urls.dashboardSummary(today));
}
