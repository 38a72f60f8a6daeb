import type { SiteRole } from '@/api/types';
import { t, type MessageKey } from '@/lib/i18n/i18n';

const labels: Record<SiteRole, MessageKey> = { member: 'admin.siteRole.member', manager: 'admin.siteRole.manager', owner: 'admin.siteRole.owner' };

/** siteRoleLabel: Member, Manager or Owner in the shown language; another value shows as is. */
export function siteRoleLabel(role: string | null | undefined): string {
  if (!role) return t(labels.member);
  const key = labels[role as SiteRole];
  return key ? t(key) : role;
}
