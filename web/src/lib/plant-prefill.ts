import { PLANT_TYPES, type CareInstructionPart, type CareInstructions, type NewPlant, type PlantDatabaseItem, type PlantType } from '@/api/types';
import { DEFAULT_FERTILIZER_DAYS, DEFAULT_PLANT_TYPE } from './care';
import { stripMarkup } from './text';
import { isImageUrl } from './urls';

/**
 * The database prefill rules of spec 01 §5: how a plant database item fills the
 * add-plant form. Pure functions, so they are tested on their own. They match the
 * server's rules for `plantDatabaseId` (core/domain/prefill.go), so a plant gets the same
 * values whether the page or the server fills it.
 */

/**
 * The keywords in their order of precedence, as core/domain/catalogue.go has them: the types
 * issue 27 added come before flower and herb and match only at the start of a word.
 */
const TYPE_KEYWORDS: readonly [RegExp, PlantType][] = [
  [/vegetable/, 'Vegetables'],
  [/fruit/, 'Fruits'],
  [/(?<![a-z])(succulent|cactus|cacti)/, 'Succulents & Cacti'],
  [/(?<![a-z])(houseplant|house plant|indoor plant)/, 'Houseplants'],
  [/(?<![a-z])(shrub|tree)/, 'Trees & Shrubs'],
  [/flower|floral/, 'Flowers'],
  [/herb/, 'Herbs'],
];

function matchPlantType(text: string | null | undefined): PlantType | null {
  const t = (text ?? '').trim().toLowerCase();
  // A type's own name first: "Other" names no keyword.
  const named = PLANT_TYPES.find((type) => type.toLowerCase() === t);
  if (named) return named;
  for (const [keyword, type] of TYPE_KEYWORDS) if (keyword.test(t)) return type;
  return null;
}

/**
 * plantTypeFromText: a type's own name, else by keyword (TYPE_KEYWORDS, in their order) —
 * in each text in turn (the item's type, then its name); else Herbs.
 */
export function plantTypeFromText(...texts: (string | null | undefined)[]): PlantType {
  for (const text of texts) {
    const type = matchPlantType(text);
    if (type) return type;
  }
  return DEFAULT_PLANT_TYPE;
}

/**
 * lightNeedsFromText: full sun → Full Sun; partial shade → Medium Light; shade → Low
 * Light; bright indirect → Bright Indirect; bright → Bright Light; otherwise '' (not set).
 */
export function lightNeedsFromText(text: string | null | undefined): string {
  const t = (text ?? '').toLowerCase();
  if (t.includes('full sun')) return 'Full Sun';
  if (t.includes('partial shade') || t.includes('part shade') || t.includes('partial sun')) return 'Medium Light';
  if (t.includes('bright indirect')) return 'Bright Indirect';
  if (t.includes('shade')) return 'Low Light';
  if (t.includes('bright')) return 'Bright Light';
  return '';
}

/**
 * frequencyFromText reads a watering or fertilizing text: "every N days" → N, "every N
 * weeks" → 7N, daily → 1, twice a week → 3, weekly → 7, bi-weekly → 14, monthly → 30;
 * null when nothing matches.
 */
export function frequencyFromText(text: string | null | undefined): number | null {
  const t = (text ?? '').toLowerCase();
  const days = /every\s+(\d{1,3})\s*days?/.exec(t);
  if (days) return Number(days[1]) >= 1 ? Number(days[1]) : null;
  const weeks = /every\s+(\d{1,2})\s*weeks?/.exec(t);
  if (weeks) return Number(weeks[1]) >= 1 ? Number(weeks[1]) * 7 : null;
  if (t.includes('daily') || t.includes('every day')) return 1;
  if (t.includes('twice a week') || t.includes('twice weekly')) return 3;
  if (t.includes('bi-weekly') || t.includes('biweekly') || t.includes('fortnight')) return 14;
  if (t.includes('weekly') || t.includes('once a week') || t.includes('every week')) return 7;
  if (t.includes('monthly') || t.includes('once a month') || t.includes('every month')) return 30;
  return null;
}

/**
 * quickAddWaterDays: the watering interval when the text names none — the plant database
 * pages' rule (spec 01 §5): Low 14 days, Moderate 7, anything else 4.
 */
export function quickAddWaterDays(waterRequirements: string | null | undefined): number {
  const t = (waterRequirements ?? '').trim().toLowerCase();
  if (t.startsWith('low')) return 14;
  if (t.startsWith('moderate')) return 7;
  return 4;
}

/**
 * careInstructionsObject reads care instructions that may be a JSON string: an object of
 * parts, a non-empty text, or null when there are none.
 */
export function careInstructionsObject(value: CareInstructions | null | undefined): Record<string, unknown> | string | null {
  if (value == null) return null;
  if (typeof value === 'object') return value as Record<string, unknown>;
  const text = value.trim();
  if (!text) return null;
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not JSON: plain (HTML) text
    }
  }
  return text;
}

/** The named parts of care instructions with their labels, in display order. */
export const CARE_FIELDS: [key: CareInstructionPart, label: string][] = [
  ['general', 'General'],
  ['watering', 'Watering'],
  ['light', 'Light'],
  ['soil', 'Soil'],
  ['fertilizer', 'Fertilizer'],
  ['fertilizing', 'Fertilizing'],
  ['difficulty', 'Difficulty'],
];

/**
 * notesFromItem builds notes from the care instructions (text, or one "Label: text" line
 * per known field of the object), or from the description when there are none.
 */
export function notesFromItem(item: Pick<PlantDatabaseItem, 'careInstructions' | 'description'>): string {
  const care = careInstructionsObject(item.careInstructions);
  if (typeof care === 'string') {
    const text = stripMarkup(care);
    if (text) return text;
  } else if (care) {
    const lines = CARE_FIELDS.flatMap(([key, label]) => {
      const value = care[key];
      const text = typeof value === 'string' ? stripMarkup(value) : '';
      return text ? [`${label}: ${text}`] : [];
    });
    if (lines.length > 0) return lines.join('\n');
  }
  return stripMarkup(item.description);
}

export interface PlantPrefill {
  name: string;
  species: string;
  plantType: PlantType;
  lightNeeds: string;
  waterFrequency: number;
  fertilizerFrequency: number;
  notes: string;
  imageUrl: string;
}

/**
 * prefillFromDatabase fills the add-plant form from a plant database item (spec 01 §5):
 * name, species, type by keyword, light, intervals from the texts (watering falls back to
 * the 14/7/4-day rule, fertilizer to 30 days), notes and the item's image.
 */
export function prefillFromDatabase(item: PlantDatabaseItem): PlantPrefill {
  const fertilizerText = item.fertilizorRequirements || item.fertilizerRequirements || '';
  const imageUrl = item.imageUrl && isImageUrl(item.imageUrl) ? item.imageUrl : '';
  return {
    name: item.commonName ?? '',
    species: item.scientificName ?? '',
    plantType: plantTypeFromText(item.plantType, item.commonName),
    lightNeeds: lightNeedsFromText(item.lightRequirements),
    waterFrequency: frequencyFromText(item.waterRequirements) ?? quickAddWaterDays(item.waterRequirements),
    fertilizerFrequency: frequencyFromText(fertilizerText) ?? DEFAULT_FERTILIZER_DAYS,
    notes: notesFromItem(item),
    imageUrl,
  };
}

/**
 * quickAddPlant: the POST /api/plants body of "Add to My Plants" on the plant database
 * pages (spec 01 §5): name, species and type from the item, watering by the 14/7/4-day
 * rule of its water requirement, fertilizer every 30 days, and plantDatabaseId so that the
 * server fills the empty fields (image, light needs, notes) from the item. `dates` are when
 * it was last watered and fertilized (the API's timestamps; the server takes now without).
 */
export function quickAddPlant(item: PlantDatabaseItem, dates?: { lastWatered: string; lastFertilized: string }): NewPlant {
  return {
    ...dates,
    name: item.commonName.trim(),
    species: (item.scientificName ?? '').trim(),
    plantType: plantTypeFromText(item.plantType, item.commonName),
    imageUrl: '',
    lightNeeds: '',
    waterFrequency: quickAddWaterDays(item.waterRequirements),
    fertilizerFrequency: DEFAULT_FERTILIZER_DAYS,
    notes: '',
    plantDatabaseId: item.id,
  };
}
