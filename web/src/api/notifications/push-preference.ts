import { apiJSON } from '../client';
import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { NotificationPreferences, User } from '../types';
import { useApiMutation } from '../mutation';

/**
 * usePushPreference: the account's notificationPreferences.push from GET /api/user (the cache
 * entry the settings page reads too). null (undecided) counts as yes (docs/decisions.md).
 */
export function usePushPreference(enabled = true) {
  const me = useApiQuery<User>(enabled ? urls.currentUser : null);
  const push = me.data?.notificationPreferences?.push;
  return { ...me, push: push ?? null, pushOn: push !== false };
}

/**
 * patchPushPreference: PATCH /api/user/settings with the notification preferences as the
 * server holds them now (read first with GET /api/user) and only `push` changed, so the other
 * preferences — saved by the settings page's own form — are never overwritten.
 */
export async function patchPushPreference(url: string, { arg }: { arg: boolean }): Promise<User> {
  const fresh = await apiJSON<User>('GET', urls.currentUser);
  const prefs = fresh.notificationPreferences;
  const notificationPreferences: NotificationPreferences = {
    email: prefs?.email ?? true,
    careReminders: prefs?.careReminders ?? true,
    weeklyDigest: prefs?.weeklyDigest ?? false,
    push: arg,
  };
  return apiJSON<User>('PATCH', url, { notificationPreferences });
}

/** useSavePushPreference saves push on or off and keeps the answer as GET /api/user. */
export function useSavePushPreference() {
  return useApiMutation<User, boolean>(urls.userSettings, patchPushPreference, { store: urls.currentUser });
}
