import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { messagesOf } from '@/testing/schema';
import { accountSchema, accountValuesFrom } from './account-schema';

const own = accountSchema({ withCategory: false, withAdminFields: false });
const values = accountValuesFrom(makeUser({ username: 'rosa', email: 'rosa@example.com', categoryId: 4 }));

describe('accountSchema (Account Settings)', () => {
  it('gives the messages: username 3, a valid e-mail when given, a new password of 8', () => {
    expect(messagesOf(own, { ...values, username: 'ro', email: 'rosa@', password: 'short' })).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
    });
    expect(messagesOf(own, { ...values, email: '', password: '' })).toEqual({});
  });

  it('sends no empty password, the category only when it may be chosen, admin fields only with them', () => {
    expect(own.parse(values)).toEqual({ username: 'rosa', email: 'rosa@example.com', fullName: 'Rose Gardener' });
    const admin = accountSchema({ withCategory: true, withAdminFields: true });
    expect(admin.parse({ ...values, password: 'long-enough', siteId: '3', isSiteAdmin: true })).toEqual({
      username: 'rosa',
      email: 'rosa@example.com',
      fullName: 'Rose Gardener',
      categoryId: 4,
      password: 'long-enough',
      role: 'user',
      siteId: 3,
      isSiteAdmin: true,
      isActive: true,
    });
  });

  it('asks for the current password beside a new one on one’s own account, and sends it only then', () => {
    const mine = accountSchema({ withCategory: false, withAdminFields: false, own: true });
    expect(messagesOf(mine, { ...values, password: 'long-enough' })).toEqual({
      currentPassword: 'Please enter your current password',
    });
    expect(messagesOf(mine, { ...values, password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
      currentPassword: 'Please enter your current password',
    });
    expect(mine.parse({ ...values, password: 'long-enough', currentPassword: 'old-one' })).toMatchObject({
      password: 'long-enough',
      currentPassword: 'old-one',
    });
    expect(mine.parse({ ...values, currentPassword: 'old-one' })).not.toHaveProperty('currentPassword');
    // Someone else's account (an admin's reset) never asks for it.
    expect(messagesOf(own, { ...values, password: 'long-enough' })).toEqual({});
    expect(own.parse({ ...values, password: 'long-enough', currentPassword: 'x' })).not.toHaveProperty('currentPassword');
  });

  it('checks the account rules with the admin fields', () => {
    const admin = accountSchema({ withCategory: true, withAdminFields: true });
    expect(messagesOf(admin, { ...values, isSiteAdmin: true, siteId: '' })).toEqual({
      isSiteAdmin: 'Site admin accounts must be associated with a site',
    });
    expect(messagesOf(own, { ...values, isSiteAdmin: true, siteId: '' })).toEqual({});
  });
});
