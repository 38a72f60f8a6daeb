import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import type { SessionResponse } from '@/api/types';

export const LOGIN_URL = '/api/login';

export interface LoginCredentials {
  username: string;
  password: string;
}

/** postLogin: POST /api/login with {username, password}; answers {token, user}. */
export function postLogin(url: string, { arg }: { arg: LoginCredentials }): Promise<SessionResponse> {
  return apiJSON<SessionResponse>('POST', url, arg);
}

/** useLogin gives trigger(credentials), isMutating and error for the sign-in form. */
export function useLogin() {
  return useSWRMutation<SessionResponse, Error, string, LoginCredentials>(LOGIN_URL, postLogin, {
    throwOnError: true,
  });
}
