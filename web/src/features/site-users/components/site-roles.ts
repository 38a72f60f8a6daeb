import type { SiteRole } from '@/api/types';

const labels: Record<SiteRole, string> = { member: 'Member', manager: 'Manager', owner: 'Owner' };

/** siteRoleLabel: Member, Manager or Owner; another value shows as is. */
export function siteRoleLabel(role: string | null | undefined): string {
  if (!role) return 'Member';
  return labels[role as SiteRole] ?? role;
}
