import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';

export const AUTH_CHECK_URL = '/api/auth-check';

export interface AuthCheckResult {
  authenticated: boolean;
}

/** getAuthCheck: GET /api/auth-check with the stored bearer token (if any). */
export function getAuthCheck(url: string): Promise<AuthCheckResult> {
  return apiJSON<AuthCheckResult>('GET', url);
}

/** useCheckAuth runs the check on demand (a button), not on render. */
export function useCheckAuth() {
  return useSWRMutation<AuthCheckResult, Error, string>(AUTH_CHECK_URL, getAuthCheck, {
    throwOnError: true,
  });
}
