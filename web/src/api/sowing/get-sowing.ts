import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { SowingEntry, SowingSeason } from '../types';
import { usePagedList } from '../use-paged-list';

/** Every sowing list and season (a change of frost dates or of the database moves them). */
export const sowingKeys = (key: string) => key.startsWith('/api/sowing');

/** useSowingWeek: the first `limit` items that can be sown in the week of `week` (the dashboard card). */
export function useSowingWeek(week: string, limit: number) {
  return useApiQuery<SowingEntry[]>(urls.sowing(week, limit));
}

/** useSowingPages: what can be sown in the week of `week`, a page at a time ("Load more"). */
export function useSowingPages(week: string, limit: number) {
  return usePagedList<SowingEntry>(urls.sowing(week, limit));
}

/** useSowingSeason: the week of `week` and the gardener's frost dates, own or estimated. */
export function useSowingSeason(week: string) {
  return useApiQuery<SowingSeason>(urls.sowingSeason(week));
}
