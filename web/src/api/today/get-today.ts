import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { DueItem } from '../types';

/**
 * useToday: GET /api/today — every watering, fertilizing and task due today or earlier in the
 * gardener's zone, oldest first (one definition of due: the server computes, the page shows).
 * overdueOnly keeps what fell due before today (the Schedule's Overdue group).
 */
export function useToday(overdueOnly = false) {
  return useApiQuery<DueItem[]>(overdueOnly ? urls.todayOverdue : urls.today);
}
