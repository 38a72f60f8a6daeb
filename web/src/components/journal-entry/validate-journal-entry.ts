import { GROWTH_STAGES, type NewJournalEntry } from '@/api/types';
import { isDateKey } from '@/lib/dates';
import { isImageUrl } from '@/lib/urls';

export interface JournalFormValues {
  plantId: string;
  title: string;
  content: string;
  imageUrl: string;
  growthStage: string;
  entryDate: string;
}

export type JournalFormErrors = Partial<Record<keyof JournalFormValues, string>>;

/**
 * validateJournalEntry applies spec 01 §5: a plant, a title of at least 2 characters, a
 * real date; content, growth stage and image optional (the image a URL or empty).
 */
export function validateJournalEntry(values: JournalFormValues): JournalFormErrors {
  const errors: JournalFormErrors = {};
  const plantId = Number(values.plantId);
  if (!Number.isInteger(plantId) || plantId < 1) errors.plantId = 'Please select a plant';
  if (values.title.trim().length < 2) errors.title = 'Title must be at least 2 characters';
  if (!isDateKey(values.entryDate)) errors.entryDate = 'Please enter a valid date';
  if (values.growthStage && !(GROWTH_STAGES as readonly string[]).includes(values.growthStage)) {
    errors.growthStage = 'Please select a growth stage';
  }
  const image = values.imageUrl.trim();
  if (image && !isImageUrl(image)) errors.imageUrl = 'Please enter a valid URL';
  return errors;
}

/** toNewJournalEntry builds the POST body; the current user's id is attached. */
export function toNewJournalEntry(values: JournalFormValues, userId: number | null): NewJournalEntry {
  return {
    plantId: Number(values.plantId),
    userId,
    title: values.title.trim(),
    content: values.content.trim(),
    imageUrl: values.imageUrl.trim(),
    growthStage: values.growthStage,
    entryDate: values.entryDate,
  };
}
