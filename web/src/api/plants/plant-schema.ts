import { z } from 'zod';
import { DEFAULT_FERTILIZER_DAYS, DEFAULT_PLANT_TYPE, DEFAULT_WATER_DAYS, MAX_DAYS, MIN_DAYS } from '@/lib/care';
import { isDateKey, todayKey } from '@/lib/dates';
import { optionalImageUrl, requiredText, wholeNumber } from '@/lib/schema';
import type { MessageKey } from '@/lib/i18n/i18n';
import { PLANT_TYPES, type NewPlant, type Plant, type PlantPatch } from '../types';

/*
 * The plant form's rules, one set for Add Plant, Edit Plant and the plant database's
 * one-click add (spec 01 §5 and the API's messages; core/domain/plant.go applies the same on
 * the server): add and edit validate alike and say the same things.
 */

/**
 * The messages the spec leaves to us (docs/api.md, docs/decisions.md), as catalogue keys: the
 * form shows them in the shown language (useFieldError).
 */
export const PLANT_MESSAGES = {
  lastWateredRequired: 'shared.plantForm.lastWateredRequired',
  lastFertilizedRequired: 'shared.plantForm.lastFertilizedRequired',
  lastWateredFuture: 'shared.plantForm.lastWateredFuture',
  lastFertilizedFuture: 'shared.plantForm.lastFertilizedFuture',
  invalidDate: 'shared.form.validDate',
} as const satisfies Record<string, MessageKey>;

const GROWTH_PROGRESS = 'shared.plantForm.growthProgress' satisfies MessageKey;

/** A trimmed text of at most `max` characters. */
const shortText = (max: number) => z.string().trim().max(max, 'shared.form.textTooLong' satisfies MessageKey);

function frequency(what: 'water' | 'fertilizer') {
  return wholeNumber(
    {
      tooSmall: `shared.plantForm.${what}Min` satisfies MessageKey,
      tooBig: `shared.plantForm.${what}Max` satisfies MessageKey,
      notWhole: `shared.plantForm.${what}Whole` satisfies MessageKey,
    },
    MIN_DAYS,
    MAX_DAYS,
  ).optional();
}

/**
 * careDate: the day of the last watering or fertilizing, "yyyy-MM-dd": required, a real
 * date, not after the gardener's today (the server allows for zones ahead of it).
 */
function careDate(required: string, future: string) {
  return z
    .string()
    .min(1, { error: required, abort: true })
    .refine(isDateKey, { error: PLANT_MESSAGES.invalidDate, abort: true })
    .refine((value) => value <= todayKey(), future);
}

/** The two care dates, on their own for the one-click add's small form. */
export const careDatesShape = {
  lastWatered: careDate(PLANT_MESSAGES.lastWateredRequired, PLANT_MESSAGES.lastWateredFuture),
  lastFertilized: careDate(PLANT_MESSAGES.lastFertilizedRequired, PLANT_MESSAGES.lastFertilizedFuture),
};

/** careDatesSchema: when the plant was last watered and fertilized (the one-click add). */
export const careDatesSchema = z.object(careDatesShape);
export type CareDatesInput = z.input<typeof careDatesSchema>;

/**
 * plantSchema is the add-plant form: name 2–100 characters, a plant type, imageUrl a URL
 * or empty, texts up to 200 characters (notes 10,000), frequencies optional whole numbers
 * 1–365 (blank sends null), and when it was last watered and fertilized (today by
 * default, never in the future), so every new plant is on the schedule.
 */
export const plantSchema = z.object({
  name: requiredText('shared.plantForm.nameMin2' satisfies MessageKey, 2).max(100, 'shared.plantForm.nameMax100' satisfies MessageKey),
  species: shortText(200),
  plantType: z.enum(PLANT_TYPES, { error: 'shared.plantForm.selectType' satisfies MessageKey }),
  location: shortText(200),
  imageUrl: optionalImageUrl('shared.form.validUrl' satisfies MessageKey),
  lightNeeds: shortText(200),
  waterFrequency: frequency('water'),
  fertilizerFrequency: frequency('fertilizer'),
  notes: z.string().max(10000, 'shared.form.textTooLong' satisfies MessageKey).trim(),
  /** Outdoors, where the weather reaches it (rain waters it, frost and heat warn). */
  outdoor: z.boolean().default(false),
  ...careDatesShape,
});

/** What the plant form's fields hold. */
export type PlantFormValues = z.input<typeof plantSchema>;

/** The parsed plant form. */
export type PlantValues = z.output<typeof plantSchema>;

/**
 * editPlantSchema is the Edit Plant form: the add form's fields and rules, plus what only
 * an existing plant has — growth progress and the acquired date.
 */
export const editPlantSchema = plantSchema.extend({
  growthProgress: z
    .number({ error: GROWTH_PROGRESS })
    .int(GROWTH_PROGRESS)
    .min(0, GROWTH_PROGRESS)
    .max(100, GROWTH_PROGRESS),
  acquiredDate: z.string().refine(isDateKey, PLANT_MESSAGES.invalidDate),
});

export type EditPlantInput = z.input<typeof editPlantSchema>;
export type EditPlantValues = z.output<typeof editPlantSchema>;

/** Defaults of spec 01 §5: type Herbs, water every 7 days, fertilizer every 30, watered and fertilized today. */
export function emptyPlantForm(today: string = todayKey()): PlantFormValues {
  return {
    name: '',
    species: '',
    plantType: DEFAULT_PLANT_TYPE,
    location: '',
    imageUrl: '',
    lightNeeds: '',
    waterFrequency: DEFAULT_WATER_DAYS,
    fertilizerFrequency: DEFAULT_FERTILIZER_DAYS,
    notes: '',
    outdoor: false,
    lastWatered: today,
    lastFertilized: today,
  };
}

/**
 * middayOf: a picked day as a timestamp at midday in the browser's zone, so the calendar
 * date survives the trip through UTC in every zone within ±12 hours.
 */
export function middayOf(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12).toISOString();
}

/**
 * careDatesBody: the two picked days as the API's timestamps; today's keeps the moment
 * (now), so a plant watered today is due exactly its interval from now.
 */
export function careDatesBody(values: { lastWatered: string; lastFertilized: string }, now: Date = new Date()) {
  const at = (key: string) => (key === todayKey(now) ? now.toISOString() : middayOf(key));
  return { lastWatered: at(values.lastWatered), lastFertilized: at(values.lastFertilized) };
}

/**
 * toNewPlant builds the POST /api/plants body from the parsed form, with the plant
 * database item the form was prefilled from (if any).
 */
export function toNewPlant(values: PlantValues, plantDatabaseId?: number, now: Date = new Date()): NewPlant {
  const body: NewPlant = {
    name: values.name,
    species: values.species,
    plantType: values.plantType,
    imageUrl: values.imageUrl,
    lightNeeds: values.lightNeeds,
    waterFrequency: values.waterFrequency ?? null,
    fertilizerFrequency: values.fertilizerFrequency ?? null,
    notes: values.notes,
    ...careDatesBody(values, now),
  };
  if (values.outdoor) body.outdoor = true;
  if (values.location) body.location = values.location;
  if (plantDatabaseId) body.plantDatabaseId = plantDatabaseId;
  return body;
}

/** localDateKey: a timestamp's calendar date in the browser's zone ("yyyy-MM-dd"), '' when missing. */
export function localDateKey(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The Edit Plant form filled in from a plant. A plant saved before every plant had a
 * schedule may have no last date: the field starts empty and asks for one.
 */
export function editPlantDefaults(plant: Plant): EditPlantInput {
  const type = (PLANT_TYPES as readonly string[]).includes(plant.plantType ?? '') ? plant.plantType : DEFAULT_PLANT_TYPE;
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
    outdoor: plant.outdoor ?? false,
    growthProgress: plant.growthProgress ?? 0,
    acquiredDate: localDateKey(plant.acquiredDate) || todayKey(),
    lastWatered: localDateKey(plant.lastWatered),
    lastFertilized: localDateKey(plant.lastFertilized),
  };
}

/**
 * toPlantPatch builds PATCH /api/plants/{id} from the form: every field, and each date only
 * when its day changed (an unchanged day keeps the exact time, so the next watering does not
 * move).
 */
export function toPlantPatch(values: EditPlantValues, plant: Plant): PlantPatch {
  const patch: PlantPatch = {
    name: values.name,
    species: values.species,
    plantType: values.plantType,
    location: values.location,
    outdoor: values.outdoor,
    imageUrl: values.imageUrl,
    lightNeeds: values.lightNeeds,
    waterFrequency: values.waterFrequency ?? null,
    fertilizerFrequency: values.fertilizerFrequency ?? null,
    notes: values.notes,
    growthProgress: values.growthProgress,
  };
  if (values.acquiredDate !== localDateKey(plant.acquiredDate)) patch.acquiredDate = middayOf(values.acquiredDate);
  if (values.lastWatered !== localDateKey(plant.lastWatered)) patch.lastWatered = middayOf(values.lastWatered);
  if (values.lastFertilized !== localDateKey(plant.lastFertilized)) patch.lastFertilized = middayOf(values.lastFertilized);
  return patch;
}
