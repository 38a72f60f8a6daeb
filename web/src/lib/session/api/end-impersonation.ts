import { apiJSON } from '@/api/client';
import type { User } from '@/api/types';

/** postEndImpersonation: POST /api/end-impersonation answers a new token (and the original user). */
export function postEndImpersonation(): Promise<{ token: string; user?: User }> {
  return apiJSON<{ token: string; user?: User }>('POST', '/api/end-impersonation');
}
