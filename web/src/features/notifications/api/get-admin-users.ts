import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { User } from '@/api/types';

/**
 * useAdminUsers: GET /api/admin/users — every user, for the send form's user picker
 * (superadmins); nothing is fetched until the picker is shown.
 */
export function useAdminUsers(enabled = true) {
  return useApiQuery<User[]>(enabled ? urls.adminUsers : null);
}
