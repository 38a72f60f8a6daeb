import { listUrl } from '../keys';
import { useApiQuery } from '../query';
import type { SowingEntry, SowingSeason } from '../types';
import { usePagedList } from '../use-paged-list';

// The sowing URLs live here rather than in keys.ts: keys.ts is on the dashboard's first load,
// and sowing is not (the Sow Now card and the calendar load after it).
export const sowingUrls = {
  /** What can be sown in the week holding `week` (yyyy-MM-dd), a page of `limit`. */
  list: (week: string, limit?: number) => listUrl('/api/sowing', { week, limit: limit ? String(limit) : undefined }),
  season: (week: string) => `/api/sowing/season?week=${week}`,
  reminder: (id: number) => `/api/sowing/${id}/reminder`,
};

/** Every sowing list and season (a change of frost dates or of the database moves them). */
export const sowingKeys = (key: string) => key.startsWith('/api/sowing');

/** useSowingWeek: the first `limit` items that can be sown in the week of `week` (the dashboard card). */
export function useSowingWeek(week: string, limit: number) {
  return useApiQuery<SowingEntry[]>(sowingUrls.list(week, limit));
}

/** useSowingPages: what can be sown in the week of `week`, a page at a time ("Load more"). */
export function useSowingPages(week: string, limit: number) {
  return usePagedList<SowingEntry>(sowingUrls.list(week, limit));
}

/** useSowingSeason: the week of `week` and the gardener's frost dates, own or estimated. */
export function useSowingSeason(week: string) {
  return useApiQuery<SowingSeason>(sowingUrls.season(week));
}
