import { http, HttpResponse } from 'msw';

/** Sign-in options and linked identities. */
export const authHandlers = [
  // Single sign-on is off unless a test says otherwise (issue 28 item 1).
  http.get('*/api/login/options', () => HttpResponse.json({ password: true, oidc: null })),
  http.get('*/api/user/identities', () => HttpResponse.json({ provider: '', hasPassword: true, identities: [] })),
];
