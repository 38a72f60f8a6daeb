import type { Harvest } from '../api/types';

/** The name a record shows: its plant's, or Unnamed Harvest (spec 02 §2). */
export function harvestName(h: { plantName?: string | null }): string {
  return h.plantName?.trim() || 'Unnamed Harvest';
}

/** formatAmount: up to two decimals, no trailing zeros, grouped thousands ("1,250", "0.45"). */
export function formatAmount(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: value !== 0 && Math.abs(value) < 0.1 ? 3 : 2 });
}

/**
 * formatRate: a yield per square foot, small as it often is (0.075 kg/ft²): three significant
 * digits below 1, else like formatAmount.
 */
export function formatRate(value: number): string {
  if (value === 0 || Math.abs(value) >= 1) return formatAmount(value);
  return value.toLocaleString('en-US', { maximumSignificantDigits: 3 });
}

/** bedLabel: "Bed 1 · Back garden" for a record's bed, '' without one. */
export function bedLabel(h: Partial<Pick<Harvest, 'bedId' | 'bedName' | 'layoutName'>>): string {
  if (!h.bedId) return '';
  return [h.bedName?.trim(), h.layoutName?.trim()].filter(Boolean).join(' · ');
}

/**
 * formatQuantity: "2.5 kg", "12 items"; "units" when a quantity has no unit (spec 02 §2's
 * fallback) and "Not specified" when there is no quantity.
 */
export function formatQuantity(h: Pick<Harvest, 'quantity' | 'unit'>): string {
  if (h.quantity === null || h.quantity === undefined) return 'Not specified';
  return `${formatAmount(h.quantity)} ${h.unit?.trim() || 'units'}`;
}

/**
 * shareSurplusUrl opens a new Free plant-sharing listing filled from a record (the plant
 * sharing form reads these parameters).
 */
export function shareSurplusUrl(h: Harvest, plantType?: string | null): string {
  const params = new URLSearchParams({ listingType: 'Free', plantName: harvestName(h) });
  if (plantType) params.set('plantType', plantType);
  // A listing's quantity is a whole number of lots; a weight becomes one lot described in text.
  const whole = h.quantity !== null && (h.unit === 'items' || h.unit === 'bunches') && Number.isInteger(h.quantity) && h.quantity >= 1;
  params.set('quantity', whole ? String(h.quantity) : '1');
  const amount = h.quantity !== null ? ` (${formatQuantity(h)})` : '';
  params.set('description', `Surplus from my harvest of ${harvestName(h)}${amount}.${h.notes ? ` ${h.notes}` : ''}`);
  return `/community/plant-sharing/new?${params.toString()}`;
}
