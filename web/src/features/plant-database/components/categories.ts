import type { CareInstructionPart, PlantDatabaseItem, PlantType } from '@/api/types';
import { DEFAULT_PLANT_TYPE } from '@/lib/care';
import { t, type MessageKey } from '@/lib/i18n/i18n';

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

/** The plant types' names in the shown language (the API's values stay English). */
const TYPE_LABELS: Record<PlantType, MessageKey> = {
  Herbs: 'plantdb.type.herbs',
  Vegetables: 'plantdb.type.vegetables',
  Fruits: 'plantdb.type.fruits',
  Flowers: 'plantdb.type.flowers',
  Houseplants: 'plantdb.type.houseplants',
  'Succulents & Cacti': 'plantdb.type.succulents',
  'Trees & Shrubs': 'plantdb.type.trees',
  Other: 'plantdb.type.other',
};

export const CATEGORY_OPTIONS: readonly { value: Category; label: MessageKey; type: PlantType | null }[] = [
  { value: 'all', label: 'plantdb.category.all', type: null },
  { value: 'herbs', label: TYPE_LABELS.Herbs, type: 'Herbs' },
  { value: 'vegetables', label: TYPE_LABELS.Vegetables, type: 'Vegetables' },
  { value: 'fruits', label: TYPE_LABELS.Fruits, type: 'Fruits' },
  { value: 'flowers', label: TYPE_LABELS.Flowers, type: 'Flowers' },
  { value: 'houseplants', label: TYPE_LABELS.Houseplants, type: 'Houseplants' },
  { value: 'succulents-cacti', label: TYPE_LABELS['Succulents & Cacti'], type: 'Succulents & Cacti' },
  { value: 'trees-shrubs', label: TYPE_LABELS['Trees & Shrubs'], type: 'Trees & Shrubs' },
  { value: 'other', label: TYPE_LABELS.Other, type: 'Other' },
];

/** categoryFromParam reads `?category=` (any case); a missing or unknown value is All Plants. */
export function categoryFromParam(value: string | null): Category {
  const v = (value ?? '').trim().toLowerCase();
  return CATEGORY_OPTIONS.some((o) => o.value === v) ? (v as Category) : 'all';
}

/** itemType: the item's plant type, Herbs when it has none (spec 01 §2), named in the shown language. */
export function itemType(item: Pick<PlantDatabaseItem, 'plantType'>): string {
  const type = item.plantType?.trim() || DEFAULT_PLANT_TYPE;
  const key = TYPE_LABELS[type as PlantType] as MessageKey | undefined;
  return key ? t(key) : type;
}

/** The named parts of care instructions, labelled in the shown language. */
export const CARE_PART_LABELS: Record<CareInstructionPart, MessageKey> = {
  general: 'plantdb.care.general',
  watering: 'plantdb.care.watering',
  light: 'plantdb.care.light',
  soil: 'plantdb.care.soil',
  fertilizer: 'plantdb.care.fertilizer',
  fertilizing: 'plantdb.care.fertilizing',
  difficulty: 'plantdb.care.difficulty',
};
