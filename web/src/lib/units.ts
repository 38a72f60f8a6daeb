import type { User, UnitSystem } from '@/api/types';
import { useSession } from '@/lib/session';

/**
 * Units (issue #25 item 4): a gardener's measurement system decides how lengths, weights,
 * volumes and temperatures are shown and which unit the fields take. What is stored never
 * changes: layouts and beds in feet (the spec), harvests in the unit the gardener entered,
 * weather in °C. Conversions are exact (the international foot, pound and US gallon); only
 * what is shown is rounded.
 */
export type { UnitSystem };

/** Metres in a foot, pounds… by definition (international yard and pound agreement, 1959). */
export const METRES_PER_FOOT = 0.3048;
export const KG_PER_POUND = 0.45359237;
export const GRAMS_PER_OUNCE = 28.349523125;
export const LITRES_PER_GALLON = 3.785411784;

/** The countries that measure in feet, pounds and °F day to day. */
const IMPERIAL_REGIONS = new Set(['US', 'LR', 'MM']);

function regionOf(tag: string): string | undefined {
  try {
    const locale = new Intl.Locale(tag.replace('_', '-'));
    return locale.region ?? locale.maximize().region;
  } catch {
    return undefined;
  }
}

/**
 * defaultUnitSystem: the system of a BCP 47 locale ("en-US", "de", "my"): imperial for the
 * United States, Liberia and Myanmar, metric elsewhere. A tag without a region takes its
 * language's likely one ("en" is the United States' English). The server's DefaultUnits agrees.
 */
export function defaultUnitSystem(locale: string | null | undefined): UnitSystem {
  if (!locale) return 'metric';
  const region = regionOf(locale);
  return region && IMPERIAL_REGIONS.has(region.toUpperCase()) ? 'imperial' : 'metric';
}

function browserLocales(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/**
 * unitSystemOf: the gardener's chosen system, or else their locale's: the browser's locale
 * when it speaks the gardener's language ("en-GB" for an English-speaking gardener in Britain),
 * the gardener's language otherwise ("de" is metric), the browser's when no language is set.
 */
export function unitSystemOf(user: Pick<User, 'units' | 'language'> | null | undefined, locales: readonly string[] = browserLocales()): UnitSystem {
  if (user?.units === 'metric' || user?.units === 'imperial') return user.units;
  const language = user?.language?.toLowerCase().split('-')[0];
  const browser = locales.find((l) => !language || l.toLowerCase().split(/[-_]/)[0] === language);
  return defaultUnitSystem(browser ?? user?.language ?? locales[0]);
}

/** useUnitSystem: the signed-in gardener's system, live (a change in Settings shows at once). */
export function useUnitSystem(): UnitSystem {
  const { user } = useSession();
  return unitSystemOf(user);
}

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

// Lengths: layouts and beds are kept in feet; metric shows metres with two decimals (1 cm).

/** lengthUnit: the short unit the layout editor writes after a length ("ft" or "m"). */
export function lengthUnit(system: UnitSystem): 'ft' | 'm' {
  return system === 'metric' ? 'm' : 'ft';
}

/** lengthWord: the unit in words ("feet", "metres") for legends and messages. */
export function lengthWord(system: UnitSystem): 'feet' | 'metres' {
  return system === 'metric' ? 'metres' : 'feet';
}

/** shownLength: a length kept in feet as a number in the shown unit (2 decimals). */
export function shownLength(feet: number, system: UnitSystem): number {
  return round(system === 'metric' ? feet * METRES_PER_FOOT : feet, 2);
}

/** lengthText: a length kept in feet as the layout editor prints it: "4", "2.5"; "1.22" in metres. */
export function lengthText(feet: number, system: UnitSystem): string {
  return String(shownLength(feet, system));
}

/**
 * parseLength reads a length typed in the shown unit and answers feet (NaN for anything that
 * is not a number). Metres that are what a half-foot shows ("1.22" for 4 ft) give that
 * half-foot exactly, so a bed drawn on the half-foot grid stays on it when its fields are
 * applied again; other metres keep a thousandth of a foot, which shows back as typed.
 */
export function parseLength(text: string, system: UnitSystem): number {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return Number.NaN;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || system === 'imperial') return value;
  const feet = value / METRES_PER_FOOT;
  const half = Math.round(feet * 2) / 2;
  if (round(half * METRES_PER_FOOT, 2) === round(value, 2)) return half;
  return round(feet, 3);
}

// Numbers through Intl (unit style): "2.5 kg", "5.51 lb", "18 °C", "64 °F".

function pageLocale(): string {
  if (typeof document !== 'undefined' && document.documentElement.lang) return document.documentElement.lang;
  return 'en-US';
}

const formats = new Map<string, Intl.NumberFormat>();

/** formatUnit: value in an Intl unit ('kilogram', 'foot', 'celsius'…), short, up to `digits` decimals. */
export function formatUnit(value: number, unit: string, digits = 2, locale = pageLocale()): string {
  const key = `${locale}|${unit}|${digits}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits });
    formats.set(key, f);
  }
  return f.format(value);
}

/** formatLength: a length kept in feet, in the shown unit ("4 ft", "1.22 m"). */
export function formatLength(feet: number, system: UnitSystem, locale?: string): string {
  return formatUnit(shownLength(feet, system), system === 'metric' ? 'meter' : 'foot', 2, locale);
}

// Harvest amounts: kept in the unit entered; totals (kg, litres) shown in the preferred system.

/** The kind of a harvest unit: weights and volumes convert, counts do not. */
const MASS_IN_KG: Record<string, number> = { g: 0.001, kg: 1, oz: GRAMS_PER_OUNCE / 1000, lb: KG_PER_POUND };
const VOLUME_IN_LITRES: Record<string, number> = { litres: 1, l: 1, gal: LITRES_PER_GALLON };

/** The Intl unit of each harvest unit that has one. */
const INTL_UNIT: Record<string, string> = { g: 'gram', kg: 'kilogram', oz: 'ounce', lb: 'pound', litres: 'liter', l: 'liter', gal: 'gallon' };

/** The unit totals of a kind are shown in for a system ('items' for counts). */
export function totalUnit(kind: 'mass' | 'volume' | 'count', system: UnitSystem): string {
  if (kind === 'mass') return system === 'metric' ? 'kg' : 'lb';
  if (kind === 'volume') return system === 'metric' ? 'litres' : 'gal';
  return 'items';
}

/**
 * convertAmount converts an amount between two harvest units of the same kind (g, kg, oz, lb;
 * litres, gal); null when they do not convert (counts, unknown units, mass to volume).
 */
export function convertAmount(amount: number, from: string, to: string): number | null {
  if (from === to) return amount;
  if (from in MASS_IN_KG && to in MASS_IN_KG) return (amount * MASS_IN_KG[from]!) / MASS_IN_KG[to]!;
  if (from in VOLUME_IN_LITRES && to in VOLUME_IN_LITRES) return (amount * VOLUME_IN_LITRES[from]!) / VOLUME_IN_LITRES[to]!;
  return null;
}

/**
 * inSystem: an amount in a harvest unit, in the system's unit of the same kind (kg → lb for
 * imperial, oz → kg for metric); counts and unknown units unchanged.
 */
export function inSystem(amount: number, unit: string, system: UnitSystem): { amount: number; unit: string } {
  const kind = unit in MASS_IN_KG ? 'mass' : unit in VOLUME_IN_LITRES ? 'volume' : null;
  if (!kind) return { amount, unit };
  const to = totalUnit(kind, system);
  return { amount: convertAmount(amount, unit, to) ?? amount, unit: to };
}

/** formatHarvestAmount: "2.5 kg", "5.51 lb", "3 gal" through Intl; counts as "12 items". */
export function formatHarvestAmount(amount: number, unit: string, locale?: string): string {
  const intl = INTL_UNIT[unit];
  const digits = amount !== 0 && Math.abs(amount) < 0.1 ? 3 : 2;
  if (intl) return formatUnit(amount, intl, digits, locale);
  return `${amount.toLocaleString(locale ?? pageLocale(), { maximumFractionDigits: digits })} ${unit}`;
}

/**
 * harvestUnitsFor orders the harvest form's units: the system's weights first (g, kg or oz,
 * lb), then the other system's, then counts and volumes.
 */
export function harvestUnitsFor<T extends string>(units: readonly T[], system: UnitSystem): T[] {
  const first = system === 'metric' ? ['g', 'kg'] : ['oz', 'lb'];
  const rank = (u: string) => (first.includes(u) ? 0 : u in MASS_IN_KG ? 1 : 2);
  return [...units].sort((a, b) => rank(a) - rank(b));
}

// Temperatures: kept in °C (the weather service's and the frost threshold's unit).

/** toFahrenheit / toCelsius convert exactly. */
export const toFahrenheit = (c: number) => (c * 9) / 5 + 32;
export const toCelsius = (f: number) => ((f - 32) * 5) / 9;

/** shownTemperature: a °C value in the shown scale, rounded to `digits` decimals. */
export function shownTemperature(celsius: number, system: UnitSystem, digits = 0): number {
  return round(system === 'imperial' ? toFahrenheit(celsius) : celsius, digits);
}

/** formatTemperature: "18 °C" / "64 °F" through Intl. */
export function formatTemperature(celsius: number, system: UnitSystem, digits = 0, locale?: string): string {
  return formatUnit(shownTemperature(celsius, system, digits), system === 'imperial' ? 'fahrenheit' : 'celsius', digits, locale);
}

/** formatTotal: an amount in a harvest unit, shown in the system's unit ("2 kg" → "4.41 lb"). */
export function formatTotal(amount: number, unit: string, system: UnitSystem, locale?: string): string {
  const shown = inSystem(amount, unit, system);
  return formatHarvestAmount(shown.amount, shown.unit, locale);
}

/** Square feet in a square metre's stead: a yield per ft² is this many times one per m². */
export const SQUARE_FEET_PER_SQUARE_METRE = 1 / (METRES_PER_FOOT * METRES_PER_FOOT);

/**
 * yieldIn: a bed's yield (amount in `unit`, rate per ft², area in ft²) in the system's units:
 * lb per ft² for imperial, kg per m² for metric; counts stay items.
 */
export function yieldIn(y: { amount: number; unit: string; perSquareFoot: number; area: number }, system: UnitSystem) {
  const shown = inSystem(y.amount, y.unit, system);
  const factor = y.amount === 0 ? convertAmount(1, y.unit, shown.unit) ?? 1 : shown.amount / y.amount;
  const metric = system === 'metric';
  return {
    amount: shown.amount,
    unit: shown.unit,
    rate: y.perSquareFoot * factor * (metric ? SQUARE_FEET_PER_SQUARE_METRE : 1),
    area: metric ? y.area / SQUARE_FEET_PER_SQUARE_METRE : y.area,
    areaUnit: metric ? 'm²' : 'ft²',
  };
}
