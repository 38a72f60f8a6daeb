import { z } from 'zod';
import { DEFAULT_FERTILIZER_DAYS, DEFAULT_PLANT_TYPE, DEFAULT_WATER_DAYS, MAX_DAYS, MIN_DAYS } from '@/lib/care';
import { optionalImageUrl, requiredText, text, wholeNumber } from '@/lib/schema';
import { PLANT_TYPES, type NewPlant } from '../types';

function frequency(what: 'Water' | 'Fertilizer') {
  return wholeNumber(
    {
      tooSmall: `${what} frequency must be at least 1 day`,
      tooBig: `${what} frequency cannot exceed 365 days`,
      notWhole: `${what} frequency must be a whole number of days`,
    },
    MIN_DAYS,
    MAX_DAYS,
  ).optional();
}

/**
 * plantSchema is the add-plant form (spec 01 §5, the API's messages): name at least 2
 * characters, a plant type, imageUrl a URL or empty, frequencies optional whole numbers
 * 1–365 (blank sends null).
 */
export const plantSchema = z.object({
  name: requiredText('Plant name must be at least 2 characters', 2),
  species: text(),
  plantType: z.enum(PLANT_TYPES, { error: 'Please select a plant type' }),
  location: text(),
  imageUrl: optionalImageUrl('Please enter a valid URL'),
  lightNeeds: z.string(),
  waterFrequency: frequency('Water'),
  fertilizerFrequency: frequency('Fertilizer'),
  notes: text(),
});

/** What the plant form's fields hold. */
export type PlantFormValues = z.input<typeof plantSchema>;

/** The parsed plant form. */
export type PlantValues = z.output<typeof plantSchema>;

/** Defaults of spec 01 §5: type Herbs, water every 7 days, fertilizer every 30. */
export const emptyPlantForm: PlantFormValues = {
  name: '',
  species: '',
  plantType: DEFAULT_PLANT_TYPE,
  location: '',
  imageUrl: '',
  lightNeeds: '',
  waterFrequency: DEFAULT_WATER_DAYS,
  fertilizerFrequency: DEFAULT_FERTILIZER_DAYS,
  notes: '',
};

/**
 * toNewPlant builds the POST /api/plants body from the parsed form, with the plant
 * database item the form was prefilled from (if any).
 */
export function toNewPlant(values: PlantValues, plantDatabaseId?: number): NewPlant {
  const body: NewPlant = {
    name: values.name,
    species: values.species,
    plantType: values.plantType,
    imageUrl: values.imageUrl,
    lightNeeds: values.lightNeeds,
    waterFrequency: values.waterFrequency ?? null,
    fertilizerFrequency: values.fertilizerFrequency ?? null,
    notes: values.notes,
  };
  if (values.location) body.location = values.location;
  if (plantDatabaseId) body.plantDatabaseId = plantDatabaseId;
  return body;
}
