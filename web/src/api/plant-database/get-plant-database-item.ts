import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { PlantDatabaseItem } from '../types';

/**
 * usePlantDatabaseItem: GET /api/plant-database/{id} (404 "Plant Not Found"); a null id
 * (not numeric in the URL) sends nothing.
 */
export function usePlantDatabaseItem(id: number | null) {
  return useApiQuery<PlantDatabaseItem>(id === null ? null : urls.plantDatabaseItem(id));
}
