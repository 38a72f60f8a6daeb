import type { PlantDatabaseItem, PlantType } from '@/api/types';
import { DEFAULT_PLANT_TYPE } from '@/lib/care';
import { PLANT_TYPE_LABELS, plantTypeName } from '@/lib/plant-types';

/** The named parts of care instructions (lib/plant-types, shared with the admin's item form). */
export { CARE_PART_LABELS } from '@/lib/plant-types';
import type { MessageKey } from '@/lib/i18n/i18n';

/** Shown for a light or water requirement the item does not give (spec 01 §2). */
export const NOT_SPECIFIED: MessageKey = 'plantdb.notSpecified';

/** The page's tabs and their `?category=` values (spec 01 §2). */
export type Category =
  | 'all'
  | 'herbs'
  | 'vegetables'
  | 'fruits'
  | 'flowers'
  | 'houseplants'
  | 'succulents-cacti'
  | 'trees-shrubs'
  | 'other';


export const CATEGORY_OPTIONS: readonly { value: Category; label: MessageKey; type: PlantType | null }[] = [
  { value: 'all', label: 'plantdb.category.all', type: null },
  { value: 'herbs', label: PLANT_TYPE_LABELS.Herbs, type: 'Herbs' },
  { value: 'vegetables', label: PLANT_TYPE_LABELS.Vegetables, type: 'Vegetables' },
  { value: 'fruits', label: PLANT_TYPE_LABELS.Fruits, type: 'Fruits' },
  { value: 'flowers', label: PLANT_TYPE_LABELS.Flowers, type: 'Flowers' },
  { value: 'houseplants', label: PLANT_TYPE_LABELS.Houseplants, type: 'Houseplants' },
  { value: 'succulents-cacti', label: PLANT_TYPE_LABELS['Succulents & Cacti'], type: 'Succulents & Cacti' },
  { value: 'trees-shrubs', label: PLANT_TYPE_LABELS['Trees & Shrubs'], type: 'Trees & Shrubs' },
  { value: 'other', label: PLANT_TYPE_LABELS.Other, type: 'Other' },
];

/** categoryFromParam reads `?category=` (any case); a missing or unknown value is All Plants. */
export function categoryFromParam(value: string | null): Category {
  const v = (value ?? '').trim().toLowerCase();
  return CATEGORY_OPTIONS.some((o) => o.value === v) ? (v as Category) : 'all';
}

/** itemType: the item's plant type, Herbs when it has none (spec 01 §2), named in the shown language. */
export function itemType(item: Pick<PlantDatabaseItem, 'plantType'>): string {
  const type = item.plantType?.trim() || DEFAULT_PLANT_TYPE;
  return plantTypeName(type);
}

