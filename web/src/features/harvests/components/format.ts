import { t } from '@/lib/i18n/i18n';
import { currentLocale } from '@/lib/i18n/locale';
import { formatTotal, type UnitSystem } from '@/lib/units';
import type { Harvest } from '../api/types';

/** The number format of the shown language (English as en-US writes it: "1,250"). */
const numberLocale = () => (currentLocale() === 'en' ? 'en-US' : currentLocale());

/** The name a record shows: its plant's, or Unnamed Harvest (spec 02 §2). */
export function harvestName(h: { plantName?: string | null }): string {
  return h.plantName?.trim() || t('harvests.unnamed');
}

/** formatAmount: up to two decimals, no trailing zeros, grouped thousands ("1,250", "0.45"). */
export function formatAmount(value: number): string {
  return value.toLocaleString(numberLocale(), { maximumFractionDigits: value !== 0 && Math.abs(value) < 0.1 ? 3 : 2 });
}

/**
 * formatRate: a yield per square foot, small as it often is (0.075 kg/ft²): three significant
 * digits below 1, else like formatAmount.
 */
export function formatRate(value: number): string {
  if (value === 0 || Math.abs(value) >= 1) return formatAmount(value);
  return value.toLocaleString(numberLocale(), { maximumSignificantDigits: 3 });
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
  if (h.quantity === null || h.quantity === undefined) return t('harvests.notSpecified');
  return amountText(h.quantity, h.unit?.trim() || 'units');
}

/**
 * amountText: an amount and its unit as a record shows them ("2.5 kg", "12 items"): the unit
 * words (items, bunches, litres, units) in the shown language, the symbols as they are.
 */
export function amountText(amount: number, unit: string): string {
  const values = { count: amount, amount: formatAmount(amount) };
  switch (unit) {
    case 'items':
      return t('harvests.amount.items', values);
    case 'bunches':
      return t('harvests.amount.bunches', values);
    case 'litres':
      return t('harvests.amount.litres', values);
    case 'units':
      return t('harvests.amount.units', values);
    default:
      return `${values.amount} ${unit}`;
  }
}

/** unitName: a harvest unit alone (a select's option, a chart's unit): the words translated. */
export function unitName(unit: string): string {
  switch (unit) {
    case 'items':
      return t('harvests.unit.items');
    case 'bunches':
      return t('harvests.unit.bunches');
    case 'litres':
      return t('harvests.unit.litres');
    default:
      return unit;
  }
}

/** totalText: a total in the system's unit (lib/units formatTotal), a count in the shown language. */
export function totalText(amount: number, unit: string, system: UnitSystem): string {
  if (unit === 'items' || unit === 'bunches') return amountText(amount, 'items');
  return formatTotal(amount, unit, system);
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
  const surplus =
    h.quantity !== null
      ? t('harvests.surplusAmount', { name: harvestName(h), amount: formatQuantity(h) })
      : t('harvests.surplus', { name: harvestName(h) });
  params.set('description', `${surplus}${h.notes ? ` ${h.notes}` : ''}`);
  return `/community/plant-sharing/new?${params.toString()}`;
}
