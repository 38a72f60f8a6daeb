import type { Role, User } from '@/api/types';

const roleLabels: Record<Role, string> = {
  user: 'User',
  admin: 'Admin',
  superadmin: 'Superadmin',
};

/** roleLabel gives the display name of a role ("Superadmin"); unknown roles show as is. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return 'Unknown';
  return roleLabels[role as Role] ?? role;
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
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
