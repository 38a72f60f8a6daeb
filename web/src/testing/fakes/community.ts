import { http, HttpResponse } from 'msw';

/** The community forum reads as an empty forum unless a test overrides these with server.use(). */
export const communityHandlers = [
  // The community forum reads as an empty forum unless a test overrides these with server.use().
  http.get('*/api/forum/categories', () => HttpResponse.json([])),
  http.get('*/api/forum/topics/latest', () => HttpResponse.json([])),
  http.get('*/api/forum/topics/popular', () => HttpResponse.json([])),
];
