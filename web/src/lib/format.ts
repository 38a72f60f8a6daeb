import type { Role, User } from '@/api/types';
import { t, type MessageKey } from '@/lib/i18n/i18n';

const roleLabels: Record<Role, MessageKey> = {
  user: 'role.user',
  admin: 'role.admin',
  superadmin: 'role.superadmin',
};

/** roleLabel gives the display name of a role ("Superadmin"); unknown roles show as is. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return t('role.unknown');
  const key = roleLabels[role as Role];
  return key ? t(key) : role;
}

/** displayName is the user's full name, or the username when there is none. */
export function displayName(user: Pick<User, 'username' | 'fullName'>): string {
  return user.fullName?.trim() || user.username;
}

/** initials: first letters of up to two words (spec 02 §9). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** A greeting by the local time of day. */
export function greeting(now: Date = new Date()): string {
  const hour = now.getHours();
  if (hour < 12) return t('greeting.morning');
  if (hour < 18) return t('greeting.afternoon');
  return t('greeting.evening');
}
