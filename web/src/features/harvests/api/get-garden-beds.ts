import { usePagedList } from '@/api/use-paged-list';
import { GARDEN_BEDS_URL, type HarvestBed } from './types';

/**
 * useGardenBeds: GET /api/garden-beds, the beds of the gardener's layouts a harvest can come
 * from (ids and names), 200 a page; `loadMore` reads the next page for a very large garden.
 */
export function useGardenBeds() {
  return usePagedList<HarvestBed>(GARDEN_BEDS_URL);
}

/** BedGroup is one layout's beds, in the order the API gives them. */
export interface BedGroup {
  layoutId: number;
  layoutName: string;
  beds: HarvestBed[];
}

/** groupBedsByLayout keeps the API's order: layouts newest first, beds in drawing order. */
export function groupBedsByLayout(beds: readonly HarvestBed[]): BedGroup[] {
  const groups: BedGroup[] = [];
  const byLayout = new Map<number, BedGroup>();
  for (const bed of beds) {
    let group = byLayout.get(bed.layoutId);
    if (!group) {
      group = { layoutId: bed.layoutId, layoutName: bed.layoutName, beds: [] };
      byLayout.set(bed.layoutId, group);
      groups.push(group);
    }
    group.beds.push(bed);
  }
  return groups;
}
