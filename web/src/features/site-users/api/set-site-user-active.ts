import { apiJSON } from '@/api/client';
import { urls, userKeys } from '@/api/keys';
import type { User } from '@/api/types';
import { useApiMutation } from '@/api/mutation';

export interface SiteUserActiveArg {
  id: number;
  isActive: boolean;
}

/** patchSiteUserActive: PATCH /api/sites/users/{id} {isActive} — the user. */
export function patchSiteUserActive(_key: string, { arg }: { arg: SiteUserActiveArg }): Promise<User> {
  return apiJSON<User>('PATCH', urls.siteUserActive(arg.id), { isActive: arg.isActive });
}

/** useSetSiteUserActive deactivates or reactivates a member of the site, then refreshes the members. */
export function useSetSiteUserActive() {
  return useApiMutation<User, SiteUserActiveArg>(urls.newSiteUser, patchSiteUserActive, { refresh: [userKeys] });
}
