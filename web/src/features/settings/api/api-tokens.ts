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

/** The expiry choices the form offers; the server accepts 1–365 days. */
export const TOKEN_EXPIRIES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

/** The token form, with the server's messages (docs/api.md "API tokens"). */
export const apiTokenSchema = z.object({
  name: z.string().trim().min(1, 'Token name must be 1 to 100 characters').max(100, 'Token name must be 1 to 100 characters'),
  scope: z.enum(['read', 'write'], { error: 'Scope must be read or write' }),
  expiresInDays: z.coerce
    .number({ error: 'Expiry must be between 1 and 365 days' })
    .int('Expiry must be between 1 and 365 days')
    .min(1, 'Expiry must be between 1 and 365 days')
    .max(365, 'Expiry must be between 1 and 365 days'),
  /** The account's password, asked again for every token (a sign-in alone cannot mint one). */
  password: z.string().min(1, 'Enter your password to create an API token'),
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
