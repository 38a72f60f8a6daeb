import { apiJSON } from '@/api/client';
import { siteKeys, urls, userKeys } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';
import type { SiteRole, SiteUser } from '@/api/types';

/** useSetSiteUserRole changes a member's role within the site (member, manager, owner): PATCH /api/site-users/{id}/role {role} — the link. */
export function useSetSiteUserRole() {
  return useApiMutation<SiteUser, { id: number; role: SiteRole }>(
    '/api/site-users/role',
    (_key, { arg: { id, role } }) => apiJSON<SiteUser>('PATCH', urls.siteUserRole(id), { role }),
    { refresh: [userKeys, siteKeys] },
  );
}
