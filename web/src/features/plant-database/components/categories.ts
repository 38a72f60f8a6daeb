import type { PlantDatabaseItem, PlantType } from '@/api/types';
import { DEFAULT_PLANT_TYPE } from '@/lib/care';

/** Shown for a light or water requirement the item does not give (spec 01 §2). */
export const NOT_SPECIFIED = 'Not specified';

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

export const CATEGORY_OPTIONS: readonly { value: Category; label: string; type: PlantType | null }[] = [
  { value: 'all', label: 'All Plants', type: null },
  { value: 'herbs', label: 'Herbs', type: 'Herbs' },
  { value: 'vegetables', label: 'Vegetables', type: 'Vegetables' },
  { value: 'fruits', label: 'Fruits', type: 'Fruits' },
  { value: 'flowers', label: 'Flowers', type: 'Flowers' },
  { value: 'houseplants', label: 'Houseplants', type: 'Houseplants' },
  { value: 'succulents-cacti', label: 'Succulents & Cacti', type: 'Succulents & Cacti' },
  { value: 'trees-shrubs', label: 'Trees & Shrubs', type: 'Trees & Shrubs' },
  { value: 'other', label: 'Other', type: 'Other' },
];

/** categoryFromParam reads `?category=` (any case); a missing or unknown value is All Plants. */
export function categoryFromParam(value: string | null): Category {
  const v = (value ?? '').trim().toLowerCase();
  return CATEGORY_OPTIONS.some((o) => o.value === v) ? (v as Category) : 'all';
}

/** itemType: the item's plant type, Herbs when it has none (spec 01 §2). */
export function itemType(item: Pick<PlantDatabaseItem, 'plantType'>): string {
  return item.plantType?.trim() || DEFAULT_PLANT_TYPE;
}
