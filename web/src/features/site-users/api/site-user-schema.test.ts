import { describe, expect, it } from 'vitest';
import { messagesOf } from '@/testing/schema';
import { newSiteUserSchema, type NewSiteUserValues } from './site-user-schema';

const validateNewSiteUser = (values: NewSiteUserValues) => messagesOf(newSiteUserSchema, values);
const toNewSiteUser = (values: NewSiteUserValues) => newSiteUserSchema.parse(values);

const valid = { username: 'ivy', email: 'ivy@example.com', password: 'sixsix', fullName: '', siteId: '3' };

describe("a site admin's new user (spec 02 §5)", () => {
  it('accepts a username of 3, a valid e-mail, a password of 6, no full name', () => {
    expect(validateNewSiteUser(valid)).toEqual({});
  });

  it('gives the messages', () => {
    expect(validateNewSiteUser({ ...valid, username: 'iv' }).username).toBe('Username must be at least 3 characters');
    expect(validateNewSiteUser({ ...valid, email: '' }).email).toBe('Please enter a valid email');
    expect(validateNewSiteUser({ ...valid, password: 'five5' }).password).toBe('Password must be at least 6 characters');
    expect(validateNewSiteUser({ ...valid, siteId: '' }).siteId).toBe('Please select a site');
  });

  it('forces the role to user', () => {
    expect(toNewSiteUser({ ...valid, fullName: ' Ivy Green ' })).toEqual({
      username: 'ivy',
      email: 'ivy@example.com',
      password: 'sixsix',
      fullName: 'Ivy Green',
      siteId: 3,
      role: 'user',
    });
  });
});
