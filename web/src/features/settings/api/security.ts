import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiJSON } from '@/api/client';
import { useApiQuery, useRefresh } from '@/api/query';
import { usePagedList } from '@/api/use-paged-list';
import { t, type MessageKey } from '@/lib/i18n/i18n';

/** Settings › Security (issue 28): the second factor, the open sessions, the recent sign-ins. */
export const TWO_FACTOR_URL = '/api/user/2fa';
export const TOTP_URL = '/api/user/2fa/totp';
export const SESSIONS_URL = '/api/user/sessions';
export const SIGN_INS_URL = '/api/user/sign-ins';

export interface TwoFactorStatus {
  totpEnabled: boolean;
  recoveryCodesLeft: number;
  requiredBySite: boolean;
}

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrSvg?: string;
}

export type SignInMethod = 'password' | 'totp' | 'recovery_code' | 'passkey' | 'oidc' | 'impersonation';

export interface SessionItem {
  id: number;
  method: SignInMethod;
  userAgent: string;
  address: string;
  createdAt: string;
  lastSeenAt: string | null;
  expiresAt: string;
  current: boolean;
}

export interface SignInItem {
  id: number;
  at: string;
  success: boolean;
  method: SignInMethod;
  address: string;
  userAgent: string;
}

/** The sign-in methods' names: keys of the settings catalogue. */
export const METHOD_LABELS: Record<SignInMethod, MessageKey> = {
  password: 'shared.account.password',
  totp: 'settings.security.method.totp',
  recovery_code: 'settings.security.method.recovery',
  passkey: 'settings.security.method.passkey',
  oidc: 'settings.security.method.oidc',
  impersonation: 'settings.security.method.impersonation',
};

/** The enrolment's confirmation: the 6-digit code the app shows. */
export const confirmSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'settings.security.invalidCode'),
});
export type ConfirmInput = z.infer<typeof confirmSchema>;

/** Turning the second factor off asks for the password. */
export const disableSchema = z.object({ password: z.string().min(1, 'settings.security.passwordRequired') });
export type DisableInput = z.infer<typeof disableSchema>;

const isSecurityKey = (key: string) => key.startsWith('/api/user/2fa') || key.startsWith(SESSIONS_URL) || key.startsWith(SIGN_INS_URL);

export function useTwoFactor() {
  return useApiQuery<TwoFactorStatus>(TWO_FACTOR_URL);
}

export function useStartTotp() {
  return useSWRMutation<TotpSetup, Error, string>(TOTP_URL, (url) => apiJSON<TotpSetup>('POST', url), { throwOnError: true });
}

export function useConfirmTotp() {
  const refresh = useRefresh();
  return useSWRMutation<{ recoveryCodes: string[] }, Error, string, ConfirmInput>(
    `${TOTP_URL}/confirm`,
    (url, { arg }) => apiJSON<{ recoveryCodes: string[] }>('POST', url, arg),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh(isSecurityKey) },
  );
}

export function useDisableTotp() {
  const refresh = useRefresh();
  return useSWRMutation<unknown, Error, string, DisableInput>(TOTP_URL, (url, { arg }) => apiJSON('DELETE', url, arg), {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(isSecurityKey),
  });
}

export function useSessions() {
  return usePagedList<SessionItem>(SESSIONS_URL);
}

export function useSignIns() {
  return usePagedList<SignInItem>(SIGN_INS_URL);
}

export function useEndSession() {
  const refresh = useRefresh();
  return useSWRMutation<unknown, Error, string, number>(SESSIONS_URL, (url, { arg }) => apiJSON('DELETE', `${url}/${arg}`), {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(isSecurityKey),
  });
}

export function useEndOtherSessions() {
  const refresh = useRefresh();
  return useSWRMutation<{ revoked: number }, Error, string>(
    `${SESSIONS_URL}/sign-out-others`,
    (url) => apiJSON<{ revoked: number }>('POST', url),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh(isSecurityKey) },
  );
}

/** describeDevice turns a User-Agent into "Firefox on Linux" (or the raw text when unknown). */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return t('settings.security.unknownDevice');
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(userAgent)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return t('settings.security.browserOn', { browser, os });
  if (browser) return browser;
  return userAgent.length > 60 ? `${userAgent.slice(0, 57)}…` : userAgent;
}

/** The caller's passkeys (at most 20). */
export const PASSKEYS_URL = '/api/user/passkeys';

export interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A passkey's name, with the server's message. */
export const passkeyNameSchema = z.object({
  name: z.string().trim().min(1, 'settings.security.passkeyNameRange').max(60, 'settings.security.passkeyNameRange'),
});
export type PasskeyNameInput = z.infer<typeof passkeyNameSchema>;

export function usePasskeys() {
  return useApiQuery<Passkey[]>(PASSKEYS_URL);
}

/**
 * useAddPasskey: POST /api/user/passkeys/begin, the browser's prompt (create), then
 * POST /api/user/passkeys with the attestation and the name.
 */
export function useAddPasskey(create: (options: { publicKey: Record<string, unknown> }) => Promise<Record<string, unknown>>) {
  const refresh = useRefresh();
  return useSWRMutation<Passkey, Error, string, PasskeyNameInput>(
    PASSKEYS_URL,
    async (url, { arg }) => {
      const begun = await apiJSON<{ flow: string; options: { publicKey: Record<string, unknown> } }>('POST', `${url}/begin`);
      const credential = await create(begun.options);
      return apiJSON<Passkey>('POST', url, { flow: begun.flow, name: arg.name, credential });
    },
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh((key) => key === PASSKEYS_URL) },
  );
}

export function useRenamePasskey() {
  const refresh = useRefresh();
  return useSWRMutation<unknown, Error, string, { id: number; name: string }>(
    PASSKEYS_URL,
    (url, { arg }) => apiJSON('PATCH', `${url}/${arg.id}`, { name: arg.name }),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh((key) => key === PASSKEYS_URL) },
  );
}

export function useRemovePasskey() {
  const refresh = useRefresh();
  return useSWRMutation<unknown, Error, string, number>(PASSKEYS_URL, (url, { arg }) => apiJSON('DELETE', `${url}/${arg}`), {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh((key) => key === PASSKEYS_URL),
  });
}

/** GET/PUT /api/sites/{id}/security: whether a site requires a second factor (its admins). */
export const siteSecurityUrl = (siteId: number) => `/api/sites/${siteId}/security`;

export function useSiteSecurity(siteId: number | null) {
  return useApiQuery<{ requireTwoFactor: boolean }>(siteId ? siteSecurityUrl(siteId) : null);
}

export function useSetSiteSecurity(siteId: number) {
  const refresh = useRefresh();
  const url = siteSecurityUrl(siteId);
  return useSWRMutation<{ requireTwoFactor: boolean }, Error, string, boolean>(
    url,
    (key, { arg }) => apiJSON<{ requireTwoFactor: boolean }>('PUT', key, { requireTwoFactor: arg }),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh((key) => key === url || key === TWO_FACTOR_URL) },
  );
}

/** The caller's identities at the OpenID provider (issue 28 item 1). */
export const IDENTITIES_URL = '/api/user/identities';

export interface Identity {
  id: number;
  issuer: string;
  email: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface Identities {
  /** The provider's name; empty when single sign-on is off. */
  provider: string;
  hasPassword: boolean;
  identities: Identity[];
}

export function useIdentities() {
  return useApiQuery<Identities>(IDENTITIES_URL);
}

export function useUnlinkIdentity() {
  const refresh = useRefresh();
  return useSWRMutation<unknown, Error, string, number>(IDENTITIES_URL, (url, { arg }) => apiJSON('DELETE', `${url}/${arg}`), {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh((key) => key === IDENTITIES_URL),
  });
}
