import type { User } from '@/api/types';
import { makeUser, signInAs } from './fixtures';
import { http, HttpResponse, server } from './server';

/** signedInGardener stores a session and lets GET /api/user confirm it. */
export function signedInGardener(overrides: Partial<User> = {}): User {
  const account = makeUser({ id: 1, username: 'gardener', ...overrides });
  signInAs(account);
  server.use(http.get('*/api/user', () => HttpResponse.json(account)));
  return account;
}
