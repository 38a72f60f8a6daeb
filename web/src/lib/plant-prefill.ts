import type { CareInstructions, PlantDatabaseItem, PlantType } from '@/api/types';
import { DEFAULT_FERTILIZER_DAYS, DEFAULT_PLANT_TYPE, DEFAULT_WATER_DAYS } from './care';
import { stripMarkup } from './text';

/**
 * The database prefill rules of spec 01 §5: how a plant database item fills the
 * add-plant form. Pure functions, so they are tested on their own.
 */

/** plantTypeFromText: by keyword — vegetable, fruit, flower or floral, herb; else Herbs. */
export function plantTypeFromText(text: string | null | undefined): PlantType {
  const t = (text ?? '').toLowerCase();
  if (t.includes('vegetable')) return 'Vegetables';
  if (t.includes('fruit')) return 'Fruits';
  if (t.includes('flower') || t.includes('floral')) return 'Flowers';
  if (t.includes('herb')) return 'Herbs';
  return DEFAULT_PLANT_TYPE;
}

/**
 * lightNeedsFromText: full sun → Full Sun; partial shade → Medium Light; shade → Low
 * Light; bright indirect → Bright Indirect; bright → Bright Light; otherwise '' (not set).
 */
export function lightNeedsFromText(text: string | null | undefined): string {
  const t = (text ?? '').toLowerCase().replace(/[-_]+/g, ' ');
  if (t.includes('full sun')) return 'Full Sun';
  if (t.includes('partial shade')) return 'Medium Light';
  if (t.includes('shade')) return 'Low Light';
  if (t.includes('bright indirect')) return 'Bright Indirect';
  if (t.includes('bright')) return 'Bright Light';
  return '';
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
};

/**
 * frequencyFromText reads a watering or fertilizing text: "every N days" → N, "every N
 * weeks" → 7N, daily → 1, twice a week → 3, weekly → 7, bi-weekly → 14, monthly → 30;
 * null when nothing matches.
 */
export function frequencyFromText(text: string | null | undefined): number | null {
  const t = (text ?? '').toLowerCase();
  if (!t.trim()) return null;
  const every = /every\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(day|week)s?/.exec(t);
  if (every) {
    const n = /^\d+$/.test(every[1]!) ? Number(every[1]) : NUMBER_WORDS[every[1]!]!;
    if (n >= 1) return every[2] === 'week' ? n * 7 : n;
  }
  if (/\bdaily\b|every\s+day\b/.test(t)) return 1;
  if (/twice\s+(a|per)\s+week/.test(t)) return 3;
  if (/\bbi-?\s?weekly\b|every\s+other\s+week/.test(t)) return 14;
  if (/\bweekly\b|once\s+(a|per)\s+week|every\s+week\b/.test(t)) return 7;
  if (/\bmonthly\b|once\s+(a|per)\s+month|every\s+month\b/.test(t)) return 30;
  return null;
}

/** careInstructionsObject reads care instructions that may be a JSON string. */
function careInstructionsObject(value: CareInstructions | null | undefined): Record<string, unknown> | string | null {
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

const CARE_FIELDS: [key: string, label: string][] = [
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

/** The watering text of an item's care instructions object, if any. */
function careField(item: PlantDatabaseItem, key: string): string {
  const care = careInstructionsObject(item.careInstructions);
  if (care && typeof care === 'object' && typeof care[key] === 'string') return care[key] as string;
  return '';
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

/** prefillFromDatabase fills the add-plant form from a plant database item (spec 01 §5). */
export function prefillFromDatabase(item: PlantDatabaseItem): PlantPrefill {
  const fertilizerText = item.fertilizorRequirements || item.fertilizerRequirements || '';
  const imageUrl = item.imageUrl && /^https?:\/\//i.test(item.imageUrl) ? item.imageUrl : '';
  return {
    name: item.commonName ?? '',
    species: item.scientificName ?? '',
    plantType: plantTypeFromText(item.plantType),
    lightNeeds: lightNeedsFromText(item.lightRequirements) || lightNeedsFromText(careField(item, 'light')),
    waterFrequency:
      frequencyFromText(item.waterRequirements) ?? frequencyFromText(careField(item, 'watering')) ?? DEFAULT_WATER_DAYS,
    fertilizerFrequency:
      frequencyFromText(fertilizerText) ??
      frequencyFromText(careField(item, 'fertilizer') || careField(item, 'fertilizing')) ??
      DEFAULT_FERTILIZER_DAYS,
    notes: notesFromItem(item),
    imageUrl,
  };
}
