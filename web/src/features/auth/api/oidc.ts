import { z } from 'zod';
import { apiJSON } from '@/api/client';
import { useApiQuery } from '@/api/query';
import type { SessionResponse } from '@/api/types';
import { pageNavigation } from '@/lib/navigation';
import type { TwoFactorDue } from './login-2fa';

/** GET /api/login/options: what the sign-in page offers (issue 28 item 1). */
export const SIGN_IN_OPTIONS_URL = '/api/login/options';

export interface SignInOptions {
  password: boolean;
  /** The identity provider's button label; null when single sign-on is off. */
  oidc: { name: string } | null;
}

export function useSignInOptions() {
  return useApiQuery<SignInOptions>(SIGN_IN_OPTIONS_URL);
}

/** The flow of the sign-in in progress: kept by this tab only, sent back with the callback. */
const FLOW_KEY = 'garden.oidcFlow';

/** startOIDC asks the server for the provider's address and goes there. */
export async function startOIDC(): Promise<void> {
  const started = await apiJSON<{ flow: string; url: string }>('POST', '/api/login/oidc/begin');
  sessionStorage.setItem(FLOW_KEY, started.flow);
  pageNavigation.assign(started.url);
}

/** A first sign-in whose e-mail belongs to an account: its password links the identity. */
export interface LinkDue {
  link: { ticket: string; username: string };
}

export type OIDCAnswer = SessionResponse | TwoFactorDue | LinkDue;

export function isLinkDue(answer: OIDCAnswer): answer is LinkDue {
  return typeof (answer as LinkDue).link === 'object' && (answer as LinkDue).link !== null;
}

/** finishOIDC sends the provider's code and state with this tab's flow (used once). */
export function finishOIDC(state: string, code: string): Promise<OIDCAnswer> {
  const flow = sessionStorage.getItem(FLOW_KEY) ?? '';
  sessionStorage.removeItem(FLOW_KEY);
  return apiJSON<OIDCAnswer>('POST', '/api/login/oidc/finish', { flow, state, code });
}

export const linkSchema = z.object({ password: z.string().min(1, 'Password required') });
export type LinkInput = z.infer<typeof linkSchema>;

export function linkOIDC(ticket: string, password: string): Promise<OIDCAnswer> {
  return apiJSON<OIDCAnswer>('POST', '/api/login/oidc/link', { ticket, password });
}
