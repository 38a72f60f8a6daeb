import { apiRequest } from '@/api/client';
import { downloadUrl } from '@/lib/download';
import { harvestUrls, type HarvestFilters } from './types';

/**
 * downloadHarvestsCsv fetches GET /api/harvests/export.csv with the filters (through the
 * fetch wrapper, which sends the bearer token a plain link could not) and saves the file.
 */
export async function downloadHarvestsCsv(filters: HarvestFilters, today: string): Promise<void> {
  const response = await apiRequest('GET', harvestUrls.export(filters));
  const url = URL.createObjectURL(await response.blob());
  try {
    downloadUrl(url, `harvests-${today}.csv`);
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
