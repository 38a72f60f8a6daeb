import {
  CARE_INSTRUCTION_PARTS,
  PLANT_TYPES,
  type CareInstructionPart,
  type PlantDatabaseInput,
  type PlantDatabaseItem,
  type PlantType,
} from '@/api/types';
import { DEFAULT_PLANT_TYPE } from '@/lib/care';
import { careInstructionsObject } from '@/lib/plant-prefill';
import { slugify } from '@/lib/text';
import { isHttpUrl, isImageUrl } from '@/lib/urls';

export type CareMode = 'text' | 'parts';

/** The admin's add/edit form as typed. */
export interface ItemFormValues {
  commonName: string;
  scientificName: string;
  plantType: string;
  slug: string;
  /** false while the slug still follows the common name. */
  slugEdited: boolean;
  description: string;
  imageUrl: string;
  /** One URL per line. */
  alternativeImageUrls: string;
  lightRequirements: string;
  waterRequirements: string;
  fertilizerRequirements: string;
  careMode: CareMode;
  careText: string;
  careParts: Record<CareInstructionPart, string>;
  storeUrl: string;
}

export type ItemFormErrors = Partial<Record<keyof ItemFormValues | 'careInstructions' | 'source', string>>;

export const COMMON_NAME_MESSAGE = 'Common name must be at least 2 characters';
const URL_MESSAGE = 'Please enter a valid URL';

const emptyParts = (): Record<CareInstructionPart, string> =>
  Object.fromEntries(CARE_INSTRUCTION_PARTS.map((part) => [part, ''])) as Record<CareInstructionPart, string>;

export function emptyItemForm(): ItemFormValues {
  return {
    commonName: '',
    scientificName: '',
    plantType: DEFAULT_PLANT_TYPE,
    slug: '',
    slugEdited: false,
    description: '',
    imageUrl: '',
    alternativeImageUrls: '',
    lightRequirements: '',
    waterRequirements: '',
    fertilizerRequirements: '',
    careMode: 'text',
    careText: '',
    careParts: emptyParts(),
    storeUrl: '',
  };
}

/** itemFormFromItem fills the form from a stored item (edit); care given as parts opens in parts mode. */
export function itemFormFromItem(item: PlantDatabaseItem): ItemFormValues {
  const care = careInstructionsObject(item.careInstructions);
  const parts = emptyParts();
  if (care && typeof care === 'object') {
    for (const part of CARE_INSTRUCTION_PARTS) {
      const value = care[part];
      if (typeof value === 'string') parts[part] = value;
    }
  }
  return {
    commonName: item.commonName ?? '',
    scientificName: item.scientificName ?? '',
    plantType: item.plantType || DEFAULT_PLANT_TYPE,
    slug: item.slug ?? '',
    slugEdited: Boolean(item.slug),
    description: item.description ?? '',
    imageUrl: item.imageUrl ?? '',
    alternativeImageUrls: (item.alternativeImageUrls ?? []).join('\n'),
    lightRequirements: item.lightRequirements ?? '',
    waterRequirements: item.waterRequirements ?? '',
    fertilizerRequirements: item.fertilizerRequirements || item.fertilizorRequirements || '',
    careMode: care && typeof care === 'object' ? 'parts' : 'text',
    careText: typeof care === 'string' ? care : '',
    careParts: parts,
    storeUrl: item.storeUrl ?? '',
  };
}

/**
 * withCommonName changes the common name; the slug follows it until the admin edits the
 * slug (and follows again once the slug is emptied).
 */
export function withCommonName(values: ItemFormValues, commonName: string): ItemFormValues {
  return { ...values, commonName, slug: values.slugEdited ? values.slug : slugify(commonName) };
}

/**
 * withSlug: the admin typed a slug. An emptied slug follows the name again from its next
 * change (and, left empty, is made from the name by the server).
 */
export function withSlug(values: ItemFormValues, slug: string): ItemFormValues {
  return { ...values, slug, slugEdited: slug.trim() !== '' };
}

/** The alternative image URLs, one per non-empty line. */
export function alternativeUrls(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * validateItemForm: common name at least 2 characters, a plant type, image URL an
 * http(s) URL or an uploaded image, alternative images and store URL http(s) URLs, and a
 * slug without spaces. The server checks the same and answers 400 with these fields.
 */
export function validateItemForm(values: ItemFormValues): ItemFormErrors {
  const errors: ItemFormErrors = {};
  if (values.commonName.trim().length < 2) errors.commonName = COMMON_NAME_MESSAGE;
  if (!PLANT_TYPES.includes(values.plantType as PlantType)) errors.plantType = 'Please select a plant type';
  const image = values.imageUrl.trim();
  if (image && !isImageUrl(image)) errors.imageUrl = URL_MESSAGE;
  const badLine = alternativeUrls(values.alternativeImageUrls).findIndex((url) => !isHttpUrl(url));
  if (badLine >= 0) errors.alternativeImageUrls = `${URL_MESSAGE} on every line (line ${badLine + 1} is not one)`;
  const store = values.storeUrl.trim();
  if (store && !isHttpUrl(store)) errors.storeUrl = URL_MESSAGE;
  if (/\s/.test(values.slug.trim())) errors.slug = 'The slug cannot contain spaces';
  return errors;
}

/** The care instructions as sent: the text, or the non-empty parts ('' when there are none). */
export function careInstructionsInput(values: ItemFormValues): PlantDatabaseInput['careInstructions'] {
  if (values.careMode === 'text') return values.careText.trim();
  const parts: Partial<Record<CareInstructionPart, string>> = {};
  for (const part of CARE_INSTRUCTION_PARTS) {
    const text = values.careParts[part].trim();
    if (text) parts[part] = text;
  }
  return Object.keys(parts).length > 0 ? parts : '';
}

/** toItemInput builds the POST/PATCH body from valid values (an empty slug is made by the server). */
export function toItemInput(values: ItemFormValues): PlantDatabaseInput {
  return {
    commonName: values.commonName.trim(),
    scientificName: values.scientificName.trim(),
    plantType: values.plantType as PlantType,
    description: values.description.trim(),
    imageUrl: values.imageUrl.trim(),
    alternativeImageUrls: alternativeUrls(values.alternativeImageUrls),
    lightRequirements: values.lightRequirements.trim(),
    waterRequirements: values.waterRequirements.trim(),
    fertilizerRequirements: values.fertilizerRequirements.trim(),
    careInstructions: careInstructionsInput(values),
    storeUrl: values.storeUrl.trim(),
    slug: values.slug.trim(),
  };
}
