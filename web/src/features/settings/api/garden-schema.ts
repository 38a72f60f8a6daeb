import { z } from 'zod';
import type { User, UserSettingsInput } from '@/api/types';
import { shownTemperature, toCelsius, toFahrenheit, type UnitSystem } from '@/lib/units';

// The messages, keys of the form's catalogue (the form shows them translated); the server's own
// (core/domain/garden_settings.go) read the same in English.
export const MSG_LATITUDE = 'settings.garden.latitudeRange';
export const MSG_LONGITUDE = 'settings.garden.longitudeRange';
export const MSG_WINTER_FACTOR = 'settings.garden.winterRange';
export const MSG_RAIN = 'settings.garden.rainRange';
export const MSG_FROST = 'settings.garden.frostRange';
export const MSG_HEAT = 'settings.garden.heatRange';
export const MSG_FROST_F = 'settings.garden.frostRangeF';
export const MSG_HEAT_F = 'settings.garden.heatRangeF';
export const MSG_BOTH_COORDINATES = 'settings.garden.bothCoordinates';

/** The server's ranges of the thresholds, in °C (core/domain/garden_settings.go). */
const FROST_C = [-30, 10] as const;
const HEAT_C = [20, 50] as const;

const number = (msg: string, min: number, max: number) => z.number({ error: msg }).min(min, msg).max(max, msg);

/** A threshold in the shown scale: °C as the server keeps it, or °F for an imperial gardener. */
const shown = (c: number, system: UnitSystem) => (system === 'imperial' ? toFahrenheit(c) : c);

/**
 * The Garden card's form: the place (both coordinates or neither; the server rounds them to
 * 0.01°), the winter stretch and the weather thresholds, typed in the gardener's scale (°F when
 * imperial; the server's range, converted). Field names follow the API's, so the server's field
 * messages land on the right inputs.
 */
export function gardenSchema(system: UnitSystem = 'metric') {
  const imperial = system === 'imperial';
  return z
    .object({
      gardenLocation: z.object({
        name: z.string().max(200, 'settings.garden.nameMax'),
        latitude: number(MSG_LATITUDE, -90, 90).optional(),
        longitude: number(MSG_LONGITUDE, -180, 180).optional(),
      }),
      winterFactor: number(MSG_WINTER_FACTOR, 1, 3),
      rainThresholdMm: number(MSG_RAIN, 0.1, 500),
      frostThresholdC: number(imperial ? MSG_FROST_F : MSG_FROST, shown(FROST_C[0], system), shown(FROST_C[1], system)),
      heatThresholdC: number(imperial ? MSG_HEAT_F : MSG_HEAT, shown(HEAT_C[0], system), shown(HEAT_C[1], system)),
    })
    .superRefine((v, ctx) => {
      const { latitude, longitude } = v.gardenLocation;
      if ((latitude === undefined) !== (longitude === undefined)) {
        const path = latitude === undefined ? 'latitude' : 'longitude';
        ctx.addIssue({ code: 'custom', message: MSG_BOTH_COORDINATES, path: ['gardenLocation', path] });
      }
    });
}

export type GardenValues = z.input<ReturnType<typeof gardenSchema>>;

/**
 * A threshold typed in °F, in °C for the server: rounded to 0.01 °C, fine enough that the °F
 * shown back (to 0.1 °F) is the one typed (28 °F is -2.22 °C and shows as 28 again).
 */
const toServerCelsius = (v: number, system: UnitSystem) => (system === 'imperial' ? Math.round(toCelsius(v) * 100) / 100 : v);

/** The form's values from the caller's settings (the server's defaults when absent), thresholds in the shown scale. */
export function gardenValuesFrom(user: User, system: UnitSystem = 'metric'): GardenValues {
  const loc = user.gardenLocation;
  const scale = (c: number) => (system === 'imperial' ? shownTemperature(c, system, 1) : c);
  return {
    gardenLocation: { name: loc?.name ?? '', latitude: loc?.latitude, longitude: loc?.longitude },
    winterFactor: user.winterFactor ?? 1.5,
    rainThresholdMm: user.rainThresholdMm ?? 5,
    frostThresholdC: scale(user.frostThresholdC ?? 0),
    heatThresholdC: scale(user.heatThresholdC ?? 32),
  };
}

/** toGardenBody: the PATCH body, thresholds in °C; no coordinates clears the location (null). */
export function toGardenBody(v: z.output<ReturnType<typeof gardenSchema>>, system: UnitSystem = 'metric'): UserSettingsInput {
  const { name, latitude, longitude } = v.gardenLocation;
  return {
    gardenLocation: latitude === undefined || longitude === undefined ? null : { name: name.trim(), latitude, longitude },
    winterFactor: v.winterFactor,
    rainThresholdMm: v.rainThresholdMm,
    frostThresholdC: toServerCelsius(v.frostThresholdC, system),
    heatThresholdC: toServerCelsius(v.heatThresholdC, system),
  };
}
