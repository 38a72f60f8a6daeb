import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiJSON } from '@/api/client';
import type { LoginAnswer } from './login-2fa';
import { PASSWORD_MIN, USERNAME_MIN } from '@/lib/config';

export const LOGIN_URL = '/api/login';

export interface LoginCredentials {
  username: string;
  password: string;
}

/** loginSchema is the sign-in form (spec 01 §5): username at least 3 characters, password at least 6. */
export const loginSchema = z.object({
  username: z.string().trim().min(USERNAME_MIN, 'Username must be at least 3 characters'),
  password: z.string().min(PASSWORD_MIN, 'Password must be at least 6 characters'),
});

/** postLogin: POST /api/login with {username, password}; answers {token, user}, or {twoFactor, ticket}. */
export function postLogin(url: string, { arg }: { arg: LoginCredentials }): Promise<LoginAnswer> {
  return apiJSON<LoginAnswer>('POST', url, arg);
}

/** useLogin gives trigger(credentials), isMutating and error for the sign-in form. */
export function useLogin() {
  return useSWRMutation<LoginAnswer, Error, string, LoginCredentials>(LOGIN_URL, postLogin, {
    throwOnError: true,
  });
}
