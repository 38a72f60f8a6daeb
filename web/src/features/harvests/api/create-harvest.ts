import { z } from 'zod';
import { apiJSON } from '@/api/client';
import { isDateKey, todayKey } from '@/lib/dates';
import { HARVEST_UNITS, HARVESTS_URL, isHarvestKey, type Harvest } from './types';
import { useApiMutation } from '@/api/mutation';

/** The form's messages: the server's (docs/api.md "Harvest tracking"), so both say the same. */
export const HARVEST_MESSAGES = {
  plant: 'harvests.form.selectPlant',
  dateRequired: 'harvests.form.dateRequired',
  date: 'harvests.form.validDate',
  future: 'harvests.form.dateFuture',
  quantityNumber: 'harvests.form.quantityNumber',
  quantityMin: 'harvests.form.quantityMin',
  quantityMax: 'harvests.form.quantityMax',
  unit: 'harvests.form.selectUnit',
  notes: 'harvests.form.notesMax',
} as const;

/** tomorrowKey: the server allows a date up to one day ahead (time zones); so does the form. */
function latestDate(today: string): string {
  const d = new Date(`${today}T12:00:00`);
  d.setDate(d.getDate() + 1);
  return todayKey(d);
}

/**
 * harvestSchema is the Record Harvest form: plant (a select's value), date, an optional
 * quantity with its unit, the optional bed it came from ('' for none), notes and image. Its
 * output is what POST /api/harvests takes.
 */
export function harvestSchema(today = todayKey()) {
  return z
    .object({
      plantId: z.string().min(1, HARVEST_MESSAGES.plant),
      harvestDate: z
        .string()
        .min(1, { message: HARVEST_MESSAGES.dateRequired, abort: true })
        .refine(isDateKey, { message: HARVEST_MESSAGES.date, abort: true })
        .refine((d) => d <= latestDate(today), HARVEST_MESSAGES.future),
      quantity: z
        .number({ error: HARVEST_MESSAGES.quantityNumber })
        .min(0, HARVEST_MESSAGES.quantityMin)
        .max(1e9, HARVEST_MESSAGES.quantityMax)
        .optional(),
      unit: z.enum(['', ...HARVEST_UNITS]),
      bedId: z.string(),
      notes: z.string().trim().max(5000, HARVEST_MESSAGES.notes),
      imageUrl: z.string().trim(),
    })
    .superRefine((v, ctx) => {
      if (v.quantity !== undefined && v.unit === '') {
        ctx.addIssue({ code: 'custom', path: ['unit'], message: HARVEST_MESSAGES.unit });
      }
    })
    .transform((v) => ({
      plantId: Number(v.plantId),
      harvestDate: v.harvestDate,
      quantity: v.quantity ?? null,
      unit: v.unit,
      bedId: /^\d+$/.test(v.bedId) ? Number(v.bedId) : null,
      notes: v.notes,
      imageUrl: v.imageUrl,
    }));
}

export type HarvestFormValues = z.input<ReturnType<typeof harvestSchema>>;
export type NewHarvest = z.output<ReturnType<typeof harvestSchema>>;

async function postHarvest(url: string, { arg }: { arg: NewHarvest }): Promise<Harvest> {
  return apiJSON<Harvest>('POST', url, arg);
}

/** useCreateHarvest: POST /api/harvests, then refreshes the lists and stats. */
export function useCreateHarvest() {
  return useApiMutation<Harvest, NewHarvest>(HARVESTS_URL, postHarvest, { refresh: [isHarvestKey] });
}
