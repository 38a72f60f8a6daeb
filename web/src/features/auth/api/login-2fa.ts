import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiJSON } from '@/api/client';
import type { SessionResponse } from '@/api/types';

/** POST /api/login answers this instead of a token when a second factor is due (issue 28). */
export interface TwoFactorDue {
  /** "required": a code is due; "setup": the site requires an enrolment first. */
  twoFactor: 'required' | 'setup';
  ticket: string;
}

/** The answer of POST /api/login: signed in, or a second factor due. */
export type LoginAnswer = SessionResponse | TwoFactorDue;

export function isTwoFactorDue(answer: LoginAnswer): answer is TwoFactorDue {
  return typeof (answer as TwoFactorDue).ticket === 'string' && !('token' in answer && answer.token);
}

export const LOGIN_2FA_URL = '/api/login/2fa';
export const LOGIN_2FA_SETUP_URL = '/api/login/2fa/setup';

/** A finished sign-in: with the recovery codes when it confirmed a new enrolment. */
export interface SecondFactorResponse extends SessionResponse {
  recoveryCodes?: string[];
}

/** A TOTP secret to enrol: for the authenticator app by QR code or by hand. */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrSvg?: string;
}

/** The code step: a 6-digit code from the app, or a recovery code. */
export const codeSchema = z.object({
  code: z.string().trim().min(1, 'Enter the 6-digit code from your app or a recovery code').max(64, 'Invalid verification code'),
});
export type CodeInput = z.infer<typeof codeSchema>;

export function useSecondFactor() {
  return useSWRMutation<SecondFactorResponse, Error, string, { ticket: string; code: string }>(
    LOGIN_2FA_URL,
    (url, { arg }) => apiJSON<SecondFactorResponse>('POST', url, arg),
    { throwOnError: true },
  );
}

export function useTicketSetup() {
  return useSWRMutation<TotpSetup, Error, string, { ticket: string }>(
    LOGIN_2FA_SETUP_URL,
    (url, { arg }) => apiJSON<TotpSetup>('POST', url, arg),
    { throwOnError: true },
  );
}

/** A passkey ceremony's first step: the flow to send back and the browser's options. */
export interface PasskeyCeremony {
  flow: string;
  options: { publicKey: Record<string, unknown> };
}

/** signInWithPasskey: POST /api/login/passkey/begin, the browser's prompt, then /finish. */
export async function signInWithPasskey(get: (o: PasskeyCeremony['options']) => Promise<Record<string, unknown>>): Promise<SessionResponse> {
  const begun = await apiJSON<PasskeyCeremony>('POST', '/api/login/passkey/begin');
  const credential = await get(begun.options);
  return apiJSON<SessionResponse>('POST', '/api/login/passkey/finish', { flow: begun.flow, credential });
}
