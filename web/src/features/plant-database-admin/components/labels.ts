import type { CareInstructionPart, PlantType } from '@/api/types';
import { t, type MessageKey } from '@/lib/i18n/i18n';

/*
 * The plant database's names in the shown language for the admin's pages (the plant database
 * pages have the same keys; a feature does not import another). The API's values stay English.
 */

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

/** typeLabel: a plant type's name ("Herbs"); a type the app does not know as it is. */
export function typeLabel(type: string): string {
  const key = TYPE_LABELS[type as PlantType] as MessageKey | undefined;
  return key ? t(key) : type;
}

/** The named parts of care instructions. */
export const CARE_PART_LABELS: Record<CareInstructionPart, MessageKey> = {
  general: 'plantdb.care.general',
  watering: 'plantdb.care.watering',
  light: 'plantdb.care.light',
  soil: 'plantdb.care.soil',
  fertilizer: 'plantdb.care.fertilizer',
  fertilizing: 'plantdb.care.fertilizing',
  difficulty: 'plantdb.care.difficulty',
};

/** codeParts: a text whose <code>…</code> parts are shown as code (names the server reads literally). */
export function codeParts(text: string): { code: boolean; text: string }[] {
  return text.split(/<\/?code>/).map((part, i) => ({ code: i % 2 === 1, text: part }));
}
