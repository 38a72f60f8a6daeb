import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiJSON } from '@/api/client';
import { useApiQuery, useRefresh } from '@/api/query';

/** The caller's personal API tokens (GET/POST /api/user/tokens, DELETE /api/user/tokens/{id}). */
export const API_TOKENS_URL = '/api/user/tokens';

export interface ApiToken {
  id: number;
  name: string;
  scope: 'read' | 'write';
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  /** Only in the answer to the creation: shown once. */
  token?: string;
}

/** The expiry choices the form offers, in days (365 is shown as a year); the server accepts 1–365. */
export const TOKEN_EXPIRIES = [7, 30, 90, 365] as const;

const NAME = 'settings.tokens.nameRange';
const EXPIRY = 'settings.tokens.expiryRange';

/**
 * The token form, with the server's messages (docs/api.md "API tokens") as keys of the
 * settings catalogue: the form shows them translated.
 */
export const apiTokenSchema = z.object({
  name: z.string().trim().min(1, NAME).max(100, NAME),
  scope: z.enum(['read', 'write'], { error: 'settings.tokens.scopeInvalid' }),
  expiresInDays: z.coerce.number({ error: EXPIRY }).int(EXPIRY).min(1, EXPIRY).max(365, EXPIRY),
  /** The account's password, asked again for every token (a sign-in alone cannot mint one). */
  password: z.string().min(1, 'settings.tokens.passwordRequired'),
});
export type ApiTokenInput = z.input<typeof apiTokenSchema>;
export type NewApiToken = z.output<typeof apiTokenSchema>;

export function useApiTokens() {
  return useApiQuery<ApiToken[]>(API_TOKENS_URL);
}

export function useCreateApiToken() {
  const refresh = useRefresh();
  return useSWRMutation<ApiToken, Error, string, NewApiToken>(
    API_TOKENS_URL,
    (url, { arg }) => apiJSON<ApiToken>('POST', url, arg),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh((key) => key === API_TOKENS_URL) },
  );
}

export function useRevokeApiToken() {
  const refresh = useRefresh();
  return useSWRMutation<unknown, Error, string, number>(
    API_TOKENS_URL,
    (url, { arg }) => apiJSON('DELETE', `${url}/${arg}`),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh((key) => key === API_TOKENS_URL) },
  );
}
