import { PLANT_TYPES, type NewPlant, type PlantType } from '@/api/types';
import { DEFAULT_FERTILIZER_DAYS, DEFAULT_PLANT_TYPE, DEFAULT_WATER_DAYS, MAX_DAYS, MIN_DAYS } from '@/lib/care';
import { isImageUrl } from '@/lib/urls';

/** The add-plant form as typed (numbers stay text until submitted). */
export interface PlantFormValues {
  name: string;
  species: string;
  plantType: string;
  location: string;
  imageUrl: string;
  lightNeeds: string;
  waterFrequency: string;
  fertilizerFrequency: string;
  notes: string;
}

export type PlantFormErrors = Partial<Record<keyof PlantFormValues, string>>;

/** Defaults of spec 01 §5: type Herbs, water every 7 days, fertilizer every 30. */
export const emptyPlantForm: PlantFormValues = {
  name: '',
  species: '',
  plantType: DEFAULT_PLANT_TYPE,
  location: '',
  imageUrl: '',
  lightNeeds: '',
  waterFrequency: String(DEFAULT_WATER_DAYS),
  fertilizerFrequency: String(DEFAULT_FERTILIZER_DAYS),
  notes: '',
};

function frequencyError(value: string, what: 'Water' | 'Fertilizer'): string | undefined {
  const text = value.trim();
  if (!text) return undefined; // optional
  const n = Number(text);
  if (!Number.isFinite(n) || n < MIN_DAYS) return `${what} frequency must be at least 1 day`;
  if (n > MAX_DAYS) return `${what} frequency cannot exceed 365 days`;
  if (!Number.isInteger(n)) return `${what} frequency must be a whole number of days`;
  return undefined;
}

/**
 * validatePlant applies spec 01 §5 with the API's messages: name at least 2 characters,
 * a plant type, imageUrl a URL or empty, frequencies optional whole numbers 1–365.
 */
export function validatePlant(values: PlantFormValues): PlantFormErrors {
  const errors: PlantFormErrors = {};
  if (values.name.trim().length < 2) errors.name = 'Plant name must be at least 2 characters';
  if (!PLANT_TYPES.includes(values.plantType as PlantType)) errors.plantType = 'Please select a plant type';
  const image = values.imageUrl.trim();
  if (image && !isImageUrl(image)) errors.imageUrl = 'Please enter a valid URL';
  const water = frequencyError(values.waterFrequency, 'Water');
  if (water) errors.waterFrequency = water;
  const fertilizer = frequencyError(values.fertilizerFrequency, 'Fertilizer');
  if (fertilizer) errors.fertilizerFrequency = fertilizer;
  return errors;
}

/**
 * toNewPlant builds the POST /api/plants body from valid form values, with the plant
 * database item the form was prefilled from (if any).
 */
export function toNewPlant(values: PlantFormValues, plantDatabaseId?: number): NewPlant {
  const days = (text: string) => (text.trim() ? Number(text.trim()) : null);
  const body: NewPlant = {
    name: values.name.trim(),
    species: values.species.trim(),
    plantType: values.plantType as PlantType,
    imageUrl: values.imageUrl.trim(),
    lightNeeds: values.lightNeeds,
    waterFrequency: days(values.waterFrequency),
    fertilizerFrequency: days(values.fertilizerFrequency),
    notes: values.notes.trim(),
  };
  if (values.location.trim()) body.location = values.location.trim();
  if (plantDatabaseId) body.plantDatabaseId = plantDatabaseId;
  return body;
}
