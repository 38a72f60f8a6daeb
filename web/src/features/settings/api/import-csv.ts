import { useCallback } from 'react';
import { apiRequest } from '@/api/client';
import { journalKeys, plantKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';
import { downloadUrl } from '@/lib/download';
import type { MessageKey } from '@/lib/i18n/i18n';
import { apiUpload } from './upload';

/** POST /api/import/csv and GET /api/import/csv-template (docs/api.md). */
export const IMPORT_CSV_URL = '/api/import/csv';
export const CSV_TEMPLATE_URL = '/api/import/csv-template';

export type CsvKind = 'plants' | 'journal' | 'care' | 'harvests';

/** The fields of each kind, in template order; starred ones are required. Labels are catalogue keys. */
export const CSV_FIELDS: Record<CsvKind, { name: string; label: MessageKey; required?: boolean }[]> = {
  plants: [
    { name: 'name', label: 'settings.csv.field.name', required: true },
    { name: 'species', label: 'settings.csv.field.species' },
    { name: 'plantType', label: 'settings.csv.field.plantType' },
    { name: 'location', label: 'settings.csv.field.location' },
    { name: 'lightNeeds', label: 'settings.csv.field.lightNeeds' },
    { name: 'waterFrequency', label: 'settings.csv.field.waterFrequency' },
    { name: 'fertilizerFrequency', label: 'settings.csv.field.fertilizerFrequency' },
    { name: 'lastWatered', label: 'settings.csv.field.lastWatered' },
    { name: 'lastFertilized', label: 'settings.csv.field.lastFertilized' },
    { name: 'acquiredDate', label: 'settings.csv.field.acquired' },
    { name: 'notes', label: 'settings.csv.field.notes' },
  ],
  journal: [
    { name: 'plant', label: 'settings.csv.field.plant', required: true },
    { name: 'title', label: 'settings.csv.field.title', required: true },
    { name: 'entryDate', label: 'settings.csv.field.date', required: true },
    { name: 'content', label: 'settings.csv.field.text' },
    { name: 'growthStage', label: 'settings.csv.field.growthStage' },
  ],
  care: [
    { name: 'plant', label: 'settings.csv.field.plant', required: true },
    { name: 'kind', label: 'settings.csv.field.care', required: true },
    { name: 'date', label: 'settings.csv.field.date', required: true },
    { name: 'note', label: 'settings.csv.field.note' },
  ],
  harvests: [
    { name: 'plant', label: 'settings.csv.field.plant', required: true },
    { name: 'harvestDate', label: 'settings.csv.field.harvestDate', required: true },
    { name: 'quantity', label: 'settings.csv.field.quantity' },
    { name: 'unit', label: 'settings.csv.field.unit' },
    { name: 'notes', label: 'settings.csv.field.notes' },
  ],
};

/** The label of a row error's field (a field of any kind, or "entry": the journal entry a row makes); undefined for another. */
export function csvFieldLabel(field: string): MessageKey | undefined {
  if (field === 'entry') return 'settings.csv.field.entry';
  for (const fields of Object.values(CSV_FIELDS)) {
    const f = fields.find((x) => x.name === field);
    if (f) return f.label;
  }
  return undefined;
}

/** What each kind's rows may say, shown beside the mapping. */
export const CSV_HINTS: Partial<Record<CsvKind, MessageKey>> = {
  care: 'settings.csv.hintCare',
  harvests: 'settings.csv.hintHarvests',
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
