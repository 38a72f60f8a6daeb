import { apiRequest } from '@/api/client';

/** postLogout: POST /api/logout revokes the stored token on the server (204). */
export async function postLogout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}
