import { usePagedList } from '@/api/use-paged-list';
import { useApiQuery } from '@/api/query';
import { harvestUrls, type Harvest, type HarvestFilters, type HarvestStats } from './types';

/** useHarvests: GET /api/harvests with the filters, newest first, a page at a time. */
export function useHarvests(filters: HarvestFilters) {
  return usePagedList<Harvest>(harvestUrls.list(filters));
}

/** useHarvestsBetween: the records dated from…to (yyyy-MM-dd, inclusive), for the calendar. */
export function useHarvestsBetween(filters: Pick<HarvestFilters, 'q' | 'plantId'>, from: string, to: string) {
  return usePagedList<Harvest>(harvestUrls.list({ ...filters, from, to, limit: 200 }));
}

/** useHarvestStats: GET /api/harvests/stats for the period and plant of the filters. */
export function useHarvestStats(filters: Pick<HarvestFilters, 'plantId' | 'period'>, enabled = true) {
  return useApiQuery<HarvestStats>(enabled ? harvestUrls.stats(filters) : null);
}
