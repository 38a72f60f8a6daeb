import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { urls } from '@/api/keys';
import type { CalendarFeed } from '@/api/types';

/** postResetCalendarFeed: POST /api/calendar/feed/reset — a new URL; the old one stops working. */
export function postResetCalendarFeed(url: string): Promise<CalendarFeed> {
  return apiJSON<CalendarFeed>('POST', url);
}

/** useResetCalendarFeed resets the feed and puts the new URL in the feed's cache entry. */
export function useResetCalendarFeed() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<CalendarFeed, Error, string>(urls.calendarFeedReset, postResetCalendarFeed, {
    throwOnError: true,
    revalidate: false,
    onSuccess: (feed) => void mutate(urls.calendarFeed, feed, { revalidate: false }),
  });
}
