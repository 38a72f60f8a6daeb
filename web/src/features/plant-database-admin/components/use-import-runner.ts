import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { getErrorMessage } from '@/api/client';
import { urls } from '@/api/keys';
import type { ImportResponse, ImportStatus } from '@/api/types';
import { useToast } from '@/components/ui/toast';
import { t } from '@/lib/i18n/i18n';
import { useImportStatus } from '../api/get-import-status';
import { useImportPlants } from '../api/import-plants';

export type ImportResults = ImportResponse['results'];

export interface ImportRunner {
  run: () => Promise<void>;
  running: boolean;
  /** The latest polled status while the import runs (undefined before the first answer). */
  status: ImportStatus | undefined;
  results: ImportResults | null;
  clearResults: () => void;
}

/** importCountsText: "37 added, 0 updated, 1 failed" for the success toast. */
export function importCountsText(count: ImportResults['count']): string {
  return t('plantdb.admin.importCounts', { added: count.added, updated: count.updated, failed: count.failed });
}

/**
 * useImportRunner runs the seed-store import (POST /api/ecommerce/import-plants) and,
 * until that call returns, polls GET /api/ecommerce/import-status every 500 ms for the
 * progress bar. It lives on the page, so the run and its results survive a tab switch.
 */
export function useImportRunner(): ImportRunner {
  const { trigger, isMutating } = useImportPlants();
  const { mutate } = useSWRConfig();
  const { toast } = useToast();
  const [results, setResults] = useState<ImportResults | null>(null);
  const status = useImportStatus(isMutating);

  const run = useCallback(async () => {
    setResults(null);
    // Forget the previous run's status, so the bar starts from this run.
    await mutate(urls.ecommerceImportStatus, undefined, { revalidate: false });
    try {
      const response = await trigger();
      const next = response?.results ?? null;
      setResults(next);
      toast({
        title: t('plantdb.admin.importSuccess'),
        description: next ? importCountsText(next.count) : undefined,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('plantdb.admin.importFailed'),
        description: getErrorMessage(error, t('plantdb.admin.importFailedText')),
        variant: 'destructive',
      });
    }
  }, [mutate, toast, trigger]);

  const clearResults = useCallback(() => setResults(null), []);

  return { run, running: isMutating, status: isMutating ? status.data : undefined, results, clearResults };
}
