import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The mock API for unit tests. Default handlers answer like a server without a
 * session; tests add their own with server.use(...).
 */
export const server = setupServer(
  http.get('*/api/user', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })),
  http.get('*/api/auth-check', () => HttpResponse.json({ authenticated: false })),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
);

export { http, HttpResponse };
