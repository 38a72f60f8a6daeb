import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiHandlers } from './mock-api';

/**
 * The mock API for unit tests. Default handlers answer like a server without a
 * session (GET /api/user is 401) plus the in-memory plant-care API of mock-api.ts;
 * tests add their own with server.use(...).
 */
export const server = setupServer(
  http.get('*/api/user', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })),
  http.get('*/api/auth-check', () => HttpResponse.json({ authenticated: false })),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
  // Settings › API tokens: none by default (its own tests keep tokens with server.use).
  http.get('*/api/user/tokens', () => HttpResponse.json([])),
  // Settings › Webhooks: none by default (its own tests keep webhooks with server.use).
  http.get('*/api/webhooks', () => HttpResponse.json([])),
  // Settings › Security (issue 28): no second factor, no sessions listed, no sign-ins (its own
  // tests keep state with server.use).
  http.get('*/api/user/2fa', () => HttpResponse.json({ totpEnabled: false, recoveryCodesLeft: 0, requiredBySite: false })),
  http.get('*/api/user/sessions', () => HttpResponse.json([])),
  http.get('*/api/user/sign-ins', () => HttpResponse.json([])),
  http.get('*/api/user/passkeys', () => HttpResponse.json([])),
  ...apiHandlers,
);

export { http, HttpResponse };
