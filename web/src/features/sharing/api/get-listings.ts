import { useApiQuery } from '@/api/query';
import { usePagedList } from '@/api/use-paged-list';
import type { Listing } from './types';

/** The list's tabs: All Listings, Free, Swap, For Sale and (signed in) My Listings. */
export type ListingTab = 'all' | 'Free' | 'Swap' | 'Sell' | 'mine';

export interface ListingFilters {
  search: string;
  plantType: string;
  listingType: string;
  tab: ListingTab;
}

/** listingsUrl builds GET /api/plant-sharing with the filters (the URL is the SWR key). */
export function listingsUrl(f: ListingFilters): string {
  const q = new URLSearchParams();
  if (f.search.trim()) q.set('search', f.search.trim());
  if (f.plantType) q.set('plantType', f.plantType);
  const type = f.tab === 'all' || f.tab === 'mine' ? f.listingType : f.tab;
  if (type) q.set('listingType', type);
  if (f.tab === 'mine') q.set('mine', 'true');
  const s = q.toString();
  return s ? `/api/plant-sharing?${s}` : '/api/plant-sharing';
}

/** useListings reads one filtered list, page by page. */
export function useListings(f: ListingFilters) {
  return usePagedList<Listing>(listingsUrl(f));
}

/** useListingPlantTypes: the four types, then any other found in listings (spec 02 §3). */
export function useListingPlantTypes() {
  return useApiQuery<string[]>('/api/plant-sharing/plant-types');
}

/** useListing reads one listing. */
export function useListing(id: string | undefined) {
  return useApiQuery<Listing>(id ? `/api/plant-sharing/${id}` : null);
}

/** isPlantSharingKey matches every sharing URL, for refreshing after a write. */
export const isPlantSharingKey = (key: string) => key.startsWith('/api/plant-sharing');
