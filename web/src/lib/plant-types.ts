import type { CareInstructionPart, PlantType } from '@/api/types';
import { t, type MessageKey } from './i18n/i18n';

/**
 * The plant types' names in the shown language (the API's values stay English: "Herbs",
 * "Succulents & Cacti"). One table for the forms, the plant pages, the plant database, the
 * listings and the dashboard; the texts are the shared area's, which every area's pages and the
 * dashboard's lazily loaded sections load.
 */
export const PLANT_TYPE_LABELS: Record<PlantType, MessageKey> = {
  Herbs: 'shared.plantType.herbs',
  Vegetables: 'shared.plantType.vegetables',
  Fruits: 'shared.plantType.fruits',
  Flowers: 'shared.plantType.flowers',
  Houseplants: 'shared.plantType.houseplants',
  'Succulents & Cacti': 'shared.plantType.succulents',
  'Trees & Shrubs': 'shared.plantType.trees',
  Other: 'shared.plantType.other',
};

/** plantTypeName: a plant type in the shown language; a type the app does not know, as it is. */
export function plantTypeName(type: string): string {
  const key = (PLANT_TYPE_LABELS as Record<string, MessageKey | undefined>)[type];
  return key ? t(key) : type;
}

/**
 * The named parts of a plant database item's care instructions, labelled in the shown language
 * (the plant database's own texts: its pages and the admin's item form load them).
 */
export const CARE_PART_LABELS: Record<CareInstructionPart, MessageKey> = {
  general: 'plantdb.care.general',
  watering: 'plantdb.care.watering',
  light: 'plantdb.care.light',
  soil: 'plantdb.care.soil',
  fertilizer: 'plantdb.care.fertilizer',
  fertilizing: 'plantdb.care.fertilizing',
  difficulty: 'plantdb.care.difficulty',
};
