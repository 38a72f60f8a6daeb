import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { PlantDatabaseItem } from '../types';

/** usePlantDatabase: GET /api/plant-database (ordered by commonName); `enabled` false sends nothing. */
export function usePlantDatabase(enabled = true) {
  return useApiQuery<PlantDatabaseItem[]>(enabled ? urls.plantDatabase : null);
}
