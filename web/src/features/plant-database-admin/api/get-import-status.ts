import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { ImportStatus } from '@/api/types';

/** How often the progress bar asks for the import's status while it runs. */
export const IMPORT_STATUS_POLL_MS = 500;

/**
 * useImportStatus: GET /api/ecommerce/import-status, the latest run ({running, done,
 * total, …}), polled every 500 ms while `polling`; nothing is sent otherwise.
 */
export function useImportStatus(polling: boolean) {
  return useApiQuery<ImportStatus>(polling ? urls.ecommerceImportStatus : null, {
    refreshInterval: polling ? IMPORT_STATUS_POLL_MS : 0,
    // Each poll must reach the server (SWR would otherwise reuse an answer for 2 s).
    dedupingInterval: 0,
  });
}
