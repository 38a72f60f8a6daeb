import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { SiteUser } from '@/api/types';

/** useSiteUsers: GET /api/sites/{id}/users — the site's users as links ({id, role, isAdmin, createdAt, user}). */
export function useSiteUsers(siteId: number | null) {
  return useApiQuery<SiteUser[]>(siteId !== null ? urls.siteUsers(siteId) : null);
}
