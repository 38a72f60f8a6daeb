import { apiJSON } from '@/api/client';
import { urls } from '@/api/keys';
import type { CalendarFeed } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

/** postResetCalendarFeed: POST /api/calendar/feed/reset — a new URL; the old one stops working. */
export function postResetCalendarFeed(url: string): Promise<CalendarFeed> {
  return apiJSON<CalendarFeed>('POST', url);
}

/** useResetCalendarFeed resets the feed and puts the new URL in the feed's cache entry. */
export function useResetCalendarFeed() {
  return useApiMutation<CalendarFeed>(urls.calendarFeedReset, postResetCalendarFeed, { store: urls.calendarFeed });
}
