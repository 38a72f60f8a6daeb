import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { urls, userKeys } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { User } from '@/api/types';

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
  const refresh = useRefresh();
  return useSWRMutation<User, Error, string, SiteUserActiveArg>(urls.newSiteUser, patchSiteUserActive, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(userKeys),
  });
}
