import type { PlantDatabaseItem } from '../types';
import { usePagedList } from '../use-paged-list';
import { plantDatabaseUrl, type PlantDatabaseQuery } from './get-plant-database';

// Apart from get-plant-database.ts so that the dashboard, which only searches, does not load
// the paged-list code (SWR's infinite loader) with its first page.

/**
 * usePlantDatabasePages: the plant database list a page at a time, by common name, searched
 * and filtered on the server ("Load more" follows X-Next-Cursor). `enabled` false sends nothing.
 */
export function usePlantDatabasePages(query: PlantDatabaseQuery, enabled = true) {
  return usePagedList<PlantDatabaseItem>(enabled ? plantDatabaseUrl(query) : null);
}
