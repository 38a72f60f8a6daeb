import { z } from 'zod';
import type { User, UserSettingsInput } from '@/api/types';

/**
 * The message for a frost date that is not MM-DD, a key (the form shows it translated); the
 * server's own (core/domain MsgInvalidMonthDay) reads the same in English.
 */
export const INVALID_MONTH_DAY = 'settings.frost.invalidMonthDay';

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A frost date: empty (not set) or a real MM-DD (February 29 allowed). */
const monthDay = z
  .string()
  .trim()
  .refine((v) => {
    if (v === '') return true;
    const m = /^(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const month = Number(m[1]);
    const day = Number(m[2]);
    return month >= 1 && month <= 12 && day >= 1 && day <= DAYS[month - 1]!;
  }, INVALID_MONTH_DAY);

/** The Frost Dates card's form: both dates, each optional. */
export const frostDatesSchema = z.object({ lastSpringFrost: monthDay, firstAutumnFrost: monthDay });

export type FrostDatesValues = z.infer<typeof frostDatesSchema>;

export function frostValuesFrom(user: User): FrostDatesValues {
  return { lastSpringFrost: user.lastSpringFrost ?? '', firstAutumnFrost: user.firstAutumnFrost ?? '' };
}

/** toFrostBody: an empty date is sent as null (cleared). */
export function toFrostBody(values: FrostDatesValues): UserSettingsInput {
  return { lastSpringFrost: values.lastSpringFrost || null, firstAutumnFrost: values.firstAutumnFrost || null };
}
