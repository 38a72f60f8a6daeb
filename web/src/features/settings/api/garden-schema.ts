import { z } from 'zod';
import type { User, UserSettingsInput } from '@/api/types';

// The server's messages (core/domain/garden_settings.go).
export const MSG_LATITUDE = 'Latitude must be between -90 and 90';
export const MSG_LONGITUDE = 'Longitude must be between -180 and 180';
export const MSG_WINTER_FACTOR = 'Winter factor must be between 1 and 3';
export const MSG_RAIN = 'Rain threshold must be between 0.1 and 500 mm';
export const MSG_FROST = 'Frost threshold must be between -30 and 10 °C';
export const MSG_HEAT = 'Heat threshold must be between 20 and 50 °C';
export const MSG_BOTH_COORDINATES = 'Enter both latitude and longitude, or neither';

const number = (msg: string, min: number, max: number) => z.number({ error: msg }).min(min, msg).max(max, msg);

/**
 * The Garden card's form: the place (both coordinates or neither; the server rounds them to
 * 0.01°), the winter stretch and the weather thresholds. Field names follow the API's, so the
 * server's field messages land on the right inputs.
 */
export const gardenSchema = z
  .object({
    gardenLocation: z.object({
      name: z.string().max(200, 'Location name must be at most 200 characters'),
      latitude: number(MSG_LATITUDE, -90, 90).optional(),
      longitude: number(MSG_LONGITUDE, -180, 180).optional(),
    }),
    winterFactor: number(MSG_WINTER_FACTOR, 1, 3),
    rainThresholdMm: number(MSG_RAIN, 0.1, 500),
    frostThresholdC: number(MSG_FROST, -30, 10),
    heatThresholdC: number(MSG_HEAT, 20, 50),
  })
  .superRefine((v, ctx) => {
    const { latitude, longitude } = v.gardenLocation;
    if ((latitude === undefined) !== (longitude === undefined)) {
      const path = latitude === undefined ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', message: MSG_BOTH_COORDINATES, path: ['gardenLocation', path] });
    }
  });

export type GardenValues = z.input<typeof gardenSchema>;

/** The form's values from the caller's settings (the server's defaults when absent). */
export function gardenValuesFrom(user: User): GardenValues {
  const loc = user.gardenLocation;
  return {
    gardenLocation: { name: loc?.name ?? '', latitude: loc?.latitude, longitude: loc?.longitude },
    winterFactor: user.winterFactor ?? 1.5,
    rainThresholdMm: user.rainThresholdMm ?? 5,
    frostThresholdC: user.frostThresholdC ?? 0,
    heatThresholdC: user.heatThresholdC ?? 32,
  };
}

/** toGardenBody: the PATCH body; no coordinates clears the location (null). */
export function toGardenBody(v: z.output<typeof gardenSchema>): UserSettingsInput {
  const { name, latitude, longitude } = v.gardenLocation;
  return {
    gardenLocation: latitude === undefined || longitude === undefined ? null : { name: name.trim(), latitude, longitude },
    winterFactor: v.winterFactor,
    rainThresholdMm: v.rainThresholdMm,
    frostThresholdC: v.frostThresholdC,
    heatThresholdC: v.heatThresholdC,
  };
}
