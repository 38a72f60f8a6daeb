import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { PlantDatabaseItem, PlantType } from '../types';

/** What GET /api/plant-database filters by (docs/api.md): q in either name, one type, a page size. */
export interface PlantDatabaseQuery {
  q?: string;
  type?: PlantType | null;
  limit?: number;
}

/**
 * plantDatabaseUrl: GET /api/plant-database with its filters (the URL is the cache key, so
 * every filter is in it); blank filters are left out.
 */
export function plantDatabaseUrl({ q, type, limit }: PlantDatabaseQuery = {}): string {
  const params = new URLSearchParams();
  if (q?.trim()) params.set('q', q.trim());
  if (type) params.set('type', type);
  if (limit) params.set('limit', String(limit));
  const query = params.toString();
  return query ? `${urls.plantDatabase}?${query}` : urls.plantDatabase;
}

/**
 * usePlantDatabaseSearch: the first `limit` items matching the query (a picker's suggestions,
 * the dashboard's highlights); `enabled` false sends nothing.
 */
export function usePlantDatabaseSearch(query: PlantDatabaseQuery, enabled = true) {
  return useApiQuery<PlantDatabaseItem[]>(enabled ? plantDatabaseUrl(query) : null);
}
