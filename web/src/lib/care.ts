import type { PlantType } from '@/api/types';
import { t, type MessageKey } from '@/lib/i18n/i18n';

/** Light needs the add-plant form offers (spec 01 §5). */
export const LIGHT_NEEDS = ['Low Light', 'Medium Light', 'Bright Indirect', 'Bright Light', 'Full Sun'] as const;

/** Defaults of a new plant (spec 01 §5). */
export const DEFAULT_PLANT_TYPE: PlantType = 'Herbs';
export const DEFAULT_WATER_DAYS = 7;
export const DEFAULT_FERTILIZER_DAYS = 30;
/** Frequencies and recurrences are 1 to 365 days (spec 01 §9, docs/api.md). */
export const MIN_DAYS = 1;
export const MAX_DAYS = 365;

const statusLabels: Record<string, MessageKey> = {
  healthy: 'status.healthy',
  needs_water: 'status.needsWater',
  needs_care: 'status.needsCare',
};

/** statusLabel: Healthy, Needs Water, Needs Care; any other status shows as is. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return t('status.unknown');
  const key = statusLabels[status];
  return key ? t(key) : status;
}

const taskLabels: Record<string, MessageKey> = {
  water: 'task.water',
  fertilize: 'task.fertilize',
  prune: 'task.prune',
  repot: 'task.repot',
  mist: 'task.mist',
  rotate: 'task.rotate',
  inspect: 'task.inspect',
};

/** taskLabel: the display name of a task type ("Water"); unknown types show as is. */
export function taskLabel(type: string): string {
  const key = taskLabels[type];
  return key ? t(key) : type;
}

/** clampPercent keeps a growth progress between 0 and 100 (0 when missing). */
export function clampPercent(value: number | null | undefined): number {
  if (typeof value !== 'number' || Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/**
 * nextCareDate: the server's nextWatering/nextFertilizing, or last date + frequency days
 * when only those are known; null ("Not scheduled") when either is missing.
 */
export function nextCareDate(
  plant: {
    nextWatering?: string | null;
    nextFertilizing?: string | null;
    lastWatered?: string | null;
    lastFertilized?: string | null;
    waterFrequency?: number | null;
    fertilizerFrequency?: number | null;
  },
  kind: 'water' | 'fertilize',
): string | null {
  const given = kind === 'water' ? plant.nextWatering : plant.nextFertilizing;
  if (given) return given;
  const last = kind === 'water' ? plant.lastWatered : plant.lastFertilized;
  const days = kind === 'water' ? plant.waterFrequency : plant.fertilizerFrequency;
  if (!last || !days) return null;
  const date = new Date(last);
  if (Number.isNaN(date.getTime())) return null;
  date.setDate(date.getDate() + days);
  return date.toISOString();
}
