import type { User } from '@/api/types';

let nextId = 100;

/** makeUser builds a user object like the server sends. */
export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? nextId++;
  return {
    id,
    username: 'gardener',
    email: 'gardener@example.com',
    fullName: 'Rose Gardener',
    role: 'user',
    isActive: true,
    isProtected: false,
    categoryId: null,
    siteId: null,
    isSiteAdmin: false,
    createdAt: '2024-03-01T10:00:00Z',
    lastLogin: null,
    preferences: { notifications: true },
    notificationPreferences: { email: true, push: false, careReminders: true, weeklyDigest: false },
    ...overrides,
  };
}

/** signInAs seeds local storage the way a login response is stored. */
export function signInAs(user: User, token = `token-${user.username}`): string {
  window.localStorage.setItem('token', token);
  window.localStorage.setItem('user', JSON.stringify(user));
  return token;
}
