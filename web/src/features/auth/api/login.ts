import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiJSON } from '@/api/client';
import type { LoginAnswer } from './login-2fa';
import { PASSWORD_MIN, USERNAME_MIN } from '@/lib/config';
import type { MessageKey } from '@/lib/i18n/i18n';

export const LOGIN_URL = '/api/login';

export interface LoginCredentials {
  username: string;
  password: string;
}

/** loginSchema is the sign-in form (spec 01 §5): username at least 3 characters, password at least 6. */
export const loginSchema = z.object({
  // Catalogue keys (web/src/locales): the form shows them in the visitor's language.
  username: z.string().trim().min(USERNAME_MIN, 'form.usernameMin3' satisfies MessageKey),
  password: z.string().min(PASSWORD_MIN, 'form.passwordMin6' satisfies MessageKey),
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
