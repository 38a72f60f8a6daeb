import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { ImportHistoryEntry } from '@/api/types';

/** useImportHistory: GET /api/ecommerce/import-history — the last 50 runs, newest first. */
export function useImportHistory() {
  return useApiQuery<ImportHistoryEntry[]>(urls.ecommerceImportHistory);
}
