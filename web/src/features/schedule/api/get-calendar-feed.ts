import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { CalendarFeed } from '@/api/types';

/** useCalendarFeed: GET /api/calendar/feed — the caller's secret iCal feed URL. */
export function useCalendarFeed() {
  return useApiQuery<CalendarFeed>(urls.calendarFeed);
}
