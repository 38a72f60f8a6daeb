import { apiJSON } from '@/api/client';
import type { SessionResponse } from '@/api/types';

/** postImpersonate: POST /api/impersonate/{id} (superadmin) answers {user, token}. */
export function postImpersonate(userId: number): Promise<SessionResponse> {
  return apiJSON<SessionResponse>('POST', `/api/impersonate/${encodeURIComponent(String(userId))}`);
}
