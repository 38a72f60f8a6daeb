import { useCallback } from 'react';
import { journalKeys, plantKeys, taskKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { MessageKey } from '@/lib/i18n/i18n';
import { apiUpload } from './upload';

/** POST /api/import/hortusfox[?dryRun=true]: the backup zip as the body (docs/api.md). */
export const IMPORT_HORTUSFOX_URL = '/api/import/hortusfox';

/** The kinds of things an import leaves out (values, named in the shown language). */
export const LEFT_OUT_KINDS: Record<string, MessageKey> = {
  plant: 'settings.import.kind.plant',
  'gallery photo': 'settings.import.kind.galleryPhoto',
  task: 'settings.import.kind.task',
  'inventory item': 'settings.import.kind.inventoryItem',
};

/** Something the backup holds that Garden did not bring in, and why (the reason in the gardener's language). */
export interface ImportLeftOut {
  kind: string;
  name: string;
  reason: string;
}

/** What an import did or, for a dry run, would do. */
export interface ImportResult {
  dryRun: boolean;
  plants: number;
  journalEntries: number;
  tasks: number;
  photos: number;
  alreadyImported: number;
  leftOut: ImportLeftOut[];
  warnings: string[];
  plantLimit: number | null;
  currentPlants: number;
  fits: number;
  fitsAll: boolean;
}

/**
 * useImportHortusFox sends a backup to preview (dryRun) or import it, reporting the upload's
 * progress (0–1); an import refreshes the plants, tasks and journal it added to.
 */
export function useImportHortusFox() {
  const refresh = useRefresh();
  return useCallback(
    async (file: File, dryRun: boolean, onProgress?: (sent: number) => void) => {
      const result = await apiUpload<ImportResult>(`${IMPORT_HORTUSFOX_URL}${dryRun ? '?dryRun=true' : ''}`, file, onProgress);
      if (!dryRun) await refresh(plantKeys, taskKeys, journalKeys);
      return result;
    },
    [refresh],
  );
}
