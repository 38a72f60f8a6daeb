import { z } from 'zod';
import type { NotificationPreferences, User, UserSettingsInput } from '@/api/types';

/** The Notification Preferences card's form: four switches, saved together. */
export const preferencesSchema = z.object({
  notifications: z.boolean(),
  email: z.boolean(),
  careReminders: z.boolean(),
  weeklyDigest: z.boolean(),
});

export type PreferenceValues = z.infer<typeof preferencesSchema>;

/** Defaults of spec 02 §3: e-mail on, care reminders on, weekly digest off. */
export function preferenceValuesFrom(user: User): PreferenceValues {
  const prefs = user.notificationPreferences;
  return {
    notifications: user.preferences?.notifications ?? true,
    email: prefs?.email ?? true,
    careReminders: prefs?.careReminders ?? true,
    weeklyDigest: prefs?.weeklyDigest ?? false,
  };
}

/**
 * toPreferencesBody: preferences.notifications and the notification preferences. `push` is
 * the device permission's business (the notification channels card): it is sent back as the
 * server holds it right now, so saving here never undoes a change made there.
 */
export function toPreferencesBody(values: PreferenceValues, currentPush: boolean | null | undefined): UserSettingsInput {
  const notificationPreferences: NotificationPreferences = {
    email: values.email,
    push: currentPush ?? null,
    careReminders: values.careReminders,
    weeklyDigest: values.weeklyDigest,
  };
  return { preferences: { notifications: values.notifications }, notificationPreferences };
}
