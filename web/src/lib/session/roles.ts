import type { Role, User } from '@/api/types';

/** The roles a route or a navigation entry can require. */
export type RequiredRole = 'admin' | 'superadmin';

const rank: Record<Role, number> = { user: 0, admin: 1, superadmin: 2 };

/** hasRole: admin routes admit admin and superadmin; superadmin routes only superadmin. */
export function hasRole(user: Pick<User, 'role'> | null | undefined, required: RequiredRole | undefined): boolean {
  if (!required) return true;
  if (!user) return false;
  const have = rank[user.role];
  return have !== undefined && have >= rank[required];
}
