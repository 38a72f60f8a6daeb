import { z } from 'zod';
import { MAX_DAYS, MIN_DAYS } from '@/lib/care';
import { isImageUrl } from '@/lib/urls';
import { PLANT_TYPES, type Plant, type PlantPatch } from '@/api/types';

const text = (max: number) => z.string().trim().max(max, 'Text is too long');

/** A frequency field: blank is "not set" (null), else a whole number of days 1–365. */
function frequency(what: 'Water' | 'Fertilizer') {
  return z
    .number({ error: `${what} frequency must be at least 1 day` })
    .int(`${what} frequency must be a whole number of days`)
    .min(MIN_DAYS, `${what} frequency must be at least 1 day`)
    .max(MAX_DAYS, `${what} frequency cannot exceed 365 days`)
    .optional();
}

/** A date field: "yyyy-MM-dd", or '' (not set). */
const dateField = z.string().refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Please enter a valid date');

/**
 * editPlantSchema is the Edit Plant form: the add form's fields and rules (spec 01 §5, the
 * API's messages) plus what only an existing plant has — location, acquired date, the last
 * watering and fertilizing, and growth progress. The server applies the same rules.
 */
export const editPlantSchema = z.object({
  name: z.string().trim().min(2, 'Plant name must be at least 2 characters').max(100, 'Plant name must be at most 100 characters'),
  species: text(200),
  plantType: z.enum(PLANT_TYPES, { error: 'Please select a plant type' }),
  location: text(200),
  imageUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || isImageUrl(v), 'Please enter a valid URL'),
  lightNeeds: text(200),
  waterFrequency: frequency('Water'),
  fertilizerFrequency: frequency('Fertilizer'),
  notes: z.string().max(10000, 'Text is too long'),
  growthProgress: z
    .number({ error: 'Growth progress must be between 0 and 100' })
    .int('Growth progress must be between 0 and 100')
    .min(0, 'Growth progress must be between 0 and 100')
    .max(100, 'Growth progress must be between 0 and 100'),
  acquiredDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date'),
  lastWatered: dateField,
  lastFertilized: dateField,
});

export type EditPlantInput = z.input<typeof editPlantSchema>;
export type EditPlantValues = z.output<typeof editPlantSchema>;

/** localDateKey: a timestamp's calendar date in the browser's zone ("yyyy-MM-dd"), '' when missing. */
export function localDateKey(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The form filled in from a plant. */
export function editPlantDefaults(plant: Plant): EditPlantInput {
  const type = (PLANT_TYPES as readonly string[]).includes(plant.plantType ?? '') ? plant.plantType : 'Herbs';
  return {
    name: plant.name,
    species: plant.species ?? '',
    plantType: type as EditPlantInput['plantType'],
    location: plant.location ?? '',
    imageUrl: plant.imageUrl ?? '',
    lightNeeds: plant.lightNeeds ?? '',
    waterFrequency: plant.waterFrequency ?? undefined,
    fertilizerFrequency: plant.fertilizerFrequency ?? undefined,
    notes: plant.notes ?? '',
    growthProgress: plant.growthProgress ?? 0,
    acquiredDate: localDateKey(plant.acquiredDate) || localDateKey(new Date().toISOString()),
    lastWatered: localDateKey(plant.lastWatered),
    lastFertilized: localDateKey(plant.lastFertilized),
  };
}

/**
 * A picked date as a timestamp: midday in the browser's zone, so the calendar date survives
 * the trip through UTC in every zone within ±12 hours.
 */
function middayOf(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12).toISOString();
}

/**
 * toPlantPatch builds PATCH /api/plants/{id} from the form: every field, and each date only
 * when its day changed (an unchanged day keeps the exact time, so the next watering does not
 * move); a cleared last date is sent as null.
 */
export function toPlantPatch(values: EditPlantValues, plant: Plant): PlantPatch {
  const patch: PlantPatch = {
    name: values.name,
    species: values.species,
    plantType: values.plantType,
    location: values.location,
    imageUrl: values.imageUrl,
    lightNeeds: values.lightNeeds,
    waterFrequency: values.waterFrequency ?? null,
    fertilizerFrequency: values.fertilizerFrequency ?? null,
    notes: values.notes,
    growthProgress: values.growthProgress,
  };
  if (values.acquiredDate !== localDateKey(plant.acquiredDate)) patch.acquiredDate = middayOf(values.acquiredDate);
  if (values.lastWatered !== localDateKey(plant.lastWatered)) {
    patch.lastWatered = values.lastWatered ? middayOf(values.lastWatered) : null;
  }
  if (values.lastFertilized !== localDateKey(plant.lastFertilized)) {
    patch.lastFertilized = values.lastFertilized ? middayOf(values.lastFertilized) : null;
  }
  return patch;
}
