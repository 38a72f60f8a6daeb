import { CARE_INSTRUCTION_PARTS, type CareInstructionPart, type PlantDatabaseItem, type SowingWindow } from '@/api/types';
import { DEFAULT_PLANT_TYPE } from '@/lib/care';
import { careInstructionsObject } from '@/lib/plant-prefill';
import { slugify } from '@/lib/text';
import type { ItemFormValues, WindowFields } from '../api/plant-item-schema';

/** Field names the server may send errors for, beyond the form's own ("careInstructions"). */
export type ItemFormErrors = Partial<Record<keyof ItemFormValues | 'careInstructions' | 'source', string>>;

const emptyParts = (): Record<CareInstructionPart, string> =>
  Object.fromEntries(CARE_INSTRUCTION_PARTS.map((part) => [part, ''])) as Record<CareInstructionPart, string>;

const windowFields = (w: SowingWindow | null | undefined): WindowFields =>
  w ? { unit: w.unit, from: String(w.from), to: String(w.to) } : { unit: '', from: '', to: '' };

function sowingForm(item?: PlantDatabaseItem): ItemFormValues['sowing'] {
  const s = item?.sowing;
  return {
    sowIndoors: windowFields(s?.sowIndoors),
    directSow: windowFields(s?.directSow),
    transplant: windowFields(s?.transplant),
    harvestDaysMin: s?.harvestDaysMin ? String(s.harvestDaysMin) : '',
    harvestDaysMax: s?.harvestDaysMax ? String(s.harvestDaysMax) : '',
  };
}

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
    sowing: sowingForm(),
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
    // A type the form does not offer is kept (and shown) until the admin picks another.
    plantType: (item.plantType || DEFAULT_PLANT_TYPE) as ItemFormValues['plantType'],
    slug: item.slug ?? '',
    slugEdited: Boolean(item.slug),
    description: item.description ?? '',
    imageUrl: item.imageUrl ?? '',
    alternativeImageUrls: (item.alternativeImageUrls ?? []).join('\n'),
    lightRequirements: item.lightRequirements ?? '',
    waterRequirements: item.waterRequirements ?? '',
    fertilizerRequirements: item.fertilizerRequirements || item.fertilizorRequirements || '',
    careMode: care && typeof care === 'object' ? ('parts' as const) : ('text' as const),
    careText: typeof care === 'string' ? care : '',
    careParts: parts,
    storeUrl: item.storeUrl ?? '',
    sowing: sowingForm(item),
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
