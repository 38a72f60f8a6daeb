import { useCallback } from 'react';
import { apiRequest } from '@/api/client';
import { journalKeys, plantKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';
import { downloadUrl } from '@/lib/download';
import { apiUpload } from './upload';

/** POST /api/import/csv and GET /api/import/csv-template (docs/api.md). */
export const IMPORT_CSV_URL = '/api/import/csv';
export const CSV_TEMPLATE_URL = '/api/import/csv-template';

export type CsvKind = 'plants' | 'journal' | 'care' | 'harvests';

/** The fields of each kind, in template order; starred ones are required. */
export const CSV_FIELDS: Record<CsvKind, { name: string; label: string; required?: boolean }[]> = {
  plants: [
    { name: 'name', label: 'Name', required: true },
    { name: 'species', label: 'Species' },
    { name: 'plantType', label: 'Plant type' },
    { name: 'location', label: 'Location' },
    { name: 'lightNeeds', label: 'Light needs' },
    { name: 'waterFrequency', label: 'Water every (days)' },
    { name: 'fertilizerFrequency', label: 'Fertilize every (days)' },
    { name: 'lastWatered', label: 'Last watered' },
    { name: 'lastFertilized', label: 'Last fertilized' },
    { name: 'acquiredDate', label: 'Acquired' },
    { name: 'notes', label: 'Notes' },
  ],
  journal: [
    { name: 'plant', label: 'Plant', required: true },
    { name: 'title', label: 'Title', required: true },
    { name: 'entryDate', label: 'Date', required: true },
    { name: 'content', label: 'Text' },
    { name: 'growthStage', label: 'Growth stage' },
  ],
  care: [
    { name: 'plant', label: 'Plant', required: true },
    { name: 'kind', label: 'Care', required: true },
    { name: 'date', label: 'Date', required: true },
    { name: 'note', label: 'Note' },
  ],
  harvests: [
    { name: 'plant', label: 'Plant', required: true },
    { name: 'harvestDate', label: 'Harvest date', required: true },
    { name: 'quantity', label: 'Quantity' },
    { name: 'unit', label: 'Unit' },
    { name: 'notes', label: 'Notes' },
  ],
};

/** What each kind's rows may say, shown beside the mapping. */
export const CSV_HINTS: Partial<Record<CsvKind, string>> = {
  care: 'Care is one of water, fertilize, mist, prune, repot, rotate, inspect or check; rows name one of your plants. Waterings and fertilizings move the plant’s last dates.',
  harvests: 'Units are g, kg, oz, lb, items, bunches or litres; rows name one of your plants.',
};

/** Harvest lists, totals and charts (an import adds records to them). */
const harvestKeys = (key: string) => key === '/api/harvests' || key.startsWith('/api/harvests?') || key.startsWith('/api/harvests/');

export interface CsvResult {
  dryRun: boolean;
  headers: string[];
  mapping: Record<string, string>;
  preview: string[][];
  rows: number;
  imported: number;
  errors: { row: number; field: string; message: string }[];
}

/** useImportCsv checks (dryRun) or imports a CSV file with a mapping, refreshing what it added. */
export function useImportCsv() {
  const refresh = useRefresh();
  return useCallback(
    async (file: File, kind: CsvKind, locale: string, mapping: Record<string, string>, dryRun: boolean) => {
      const q = new URLSearchParams({ kind, locale });
      for (const [field, header] of Object.entries(mapping)) q.append('map', `${field}:${header}`);
      if (dryRun) q.set('dryRun', 'true');
      const result = await apiUpload<CsvResult>(`${IMPORT_CSV_URL}?${q.toString()}`, file);
      if (!dryRun && result.errors.length === 0) await refresh(plantKeys, journalKeys, harvestKeys);
      return result;
    },
    [refresh],
  );
}

/** downloadCsvTemplate saves the kind's template (the API needs the sign-in token). */
export async function downloadCsvTemplate(kind: CsvKind) {
  const response = await apiRequest('GET', `${CSV_TEMPLATE_URL}?kind=${kind}`);
  const url = URL.createObjectURL(await response.blob());
  try {
    downloadUrl(url, `garden-${kind}-template.csv`);
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
