import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { initialSessionState } from './session-context';
import { clearSession, readImpersonation, readToken, readUser, storeLoginResponse } from './storage';

describe('session storage', () => {
  it('reads a stored user back whole', () => {
    const user = makeUser({ username: 'ann' });
    storeLoginResponse({ token: 't1', user });
    expect(readToken()).toBe('t1');
    expect(readUser()).toEqual(user);
    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual(user);
  });

  it('discards stored user data that cannot be read', () => {
    window.localStorage.setItem('user', '{not json');
    expect(readUser()).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('discards stored JSON that is not a user', () => {
    window.localStorage.setItem('user', JSON.stringify({ hello: 'world' }));
    expect(readUser()).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();

    window.localStorage.setItem('user', 'null');
    expect(readUser()).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('discards an unreadable impersonation record', () => {
    window.localStorage.setItem('impersonation', '[[[');
    expect(readImpersonation()).toBeNull();
    expect(window.localStorage.getItem('impersonation')).toBeNull();

    window.localStorage.setItem('impersonation', JSON.stringify({ isImpersonating: true }));
    expect(readImpersonation()).toBeNull();
    expect(window.localStorage.getItem('impersonation')).toBeNull();
  });

  it('clearSession removes token, user and impersonation', () => {
    const user = makeUser();
    storeLoginResponse({ token: 't', user });
    window.localStorage.setItem('impersonation', JSON.stringify({ isImpersonating: true, originalUser: user }));
    window.localStorage.setItem('unrelated', 'kept');
    clearSession();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('impersonation')).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('kept');
  });

  it('a stored token starts the restore; a user without a token is dropped', () => {
    window.localStorage.setItem('user', JSON.stringify(makeUser()));
    expect(initialSessionState().status).toBe('signed-out');
    expect(window.localStorage.getItem('user')).toBeNull();

    window.localStorage.setItem('token', 'tok');
    window.localStorage.setItem('user', 'garbage');
    const state = initialSessionState();
    expect(state.status).toBe('restoring');
    expect(state.user).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});
