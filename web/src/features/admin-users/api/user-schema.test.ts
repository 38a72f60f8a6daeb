import { describe, expect, it } from 'vitest';
import { withAdminFieldRules } from '@/components/user-admin-fields/account-rules';
import { messagesOf } from '@/testing/schema';
import { adminUserSchema, emptyAdminUser, type AdminUserValues } from './user-schema';

const validateAdminUser = (values: AdminUserValues, mode: 'create' | 'edit', isProtected = false) =>
  messagesOf(adminUserSchema(mode, isProtected), values);
const toAdminUserInput = (values: AdminUserValues) => adminUserSchema('edit').parse(values);

const valid: AdminUserValues = { ...emptyAdminUser, username: 'fern', email: 'fern@example.com', password: 'long-enough' };

describe('validateAdminUser (spec 02 §5)', () => {
  it('accepts a complete new user', () => {
    expect(validateAdminUser(valid, 'create')).toEqual({});
  });

  it('needs a username of 3, a valid e-mail, and on creation a password of 8', () => {
    expect(validateAdminUser({ ...valid, username: 'ab' }, 'create').username).toBe('Username must be at least 3 characters');
    expect(validateAdminUser({ ...valid, email: 'fern@' }, 'create').email).toBe('Please enter a valid email');
    expect(validateAdminUser({ ...valid, email: '' }, 'create').email).toBe('Please enter a valid email');
    expect(validateAdminUser({ ...valid, password: '' }, 'create').password).toBe('Password required');
    expect(validateAdminUser({ ...valid, password: 'seven77' }, 'create').password).toBe('Password must be at least 8 characters');
  });

  it('makes the password optional on edit (dropped when empty), still 8 when given', () => {
    expect(validateAdminUser({ ...valid, password: '' }, 'edit')).toEqual({});
    expect(validateAdminUser({ ...valid, password: 'short' }, 'edit').password).toBe('Password must be at least 8 characters');
    expect(toAdminUserInput({ ...valid, password: '' })).not.toHaveProperty('password');
    expect(toAdminUserInput(valid)).toMatchObject({ password: 'long-enough' });
    expect(validateAdminUser({ ...valid, email: '' }, 'edit')).toEqual({});
  });

  it('requires a role', () => {
    expect(validateAdminUser({ ...valid, role: '' }, 'create').role).toBe('Please select a role');
  });

  it('refuses a site admin without a site, and a superadmin with a site or the flag', () => {
    expect(validateAdminUser({ ...valid, isSiteAdmin: true, siteId: '' }, 'create').isSiteAdmin).toBe(
      'Site admin accounts must be associated with a site',
    );
    expect(validateAdminUser({ ...valid, role: 'superadmin', siteId: '3' }, 'create').siteId).toBe(
      'Superadmin accounts cannot be associated with a specific site',
    );
    expect(validateAdminUser({ ...valid, role: 'superadmin', isSiteAdmin: true, siteId: '3' }, 'create').isSiteAdmin).toBe(
      'Superadmin accounts should not be site admins as they have system-wide privileges',
    );
  });

  it('keeps the protected account a superadmin without site', () => {
    expect(validateAdminUser({ ...valid, role: 'admin' }, 'edit', true).role).toBe(
      'The protected system account must remain superadmin without site',
    );
    expect(validateAdminUser({ ...valid, role: 'superadmin', isActive: false }, 'edit', true).isActive).toBe(
      'The protected system account must remain active',
    );
  });

  it('sends ids as numbers and no site as null', () => {
    expect(toAdminUserInput({ ...valid, siteId: '3', categoryId: '4', isSiteAdmin: true })).toEqual({
      username: 'fern',
      email: 'fern@example.com',
      fullName: '',
      password: 'long-enough',
      role: 'user',
      isActive: true,
      categoryId: 4,
      siteId: 3,
      isSiteAdmin: true,
    });
    expect(toAdminUserInput(valid)).toMatchObject({ siteId: null, categoryId: null, isSiteAdmin: false });
  });
});

describe('withAdminFieldRules (the site admin flag)', () => {
  it('unchecks the flag when the site goes', () => {
    expect(withAdminFieldRules({ ...valid, siteId: '3', isSiteAdmin: true }, { siteId: '' })).toMatchObject({ siteId: '', isSiteAdmin: false });
  });

  it('clears site and flag when the role becomes superadmin', () => {
    expect(withAdminFieldRules({ ...valid, siteId: '3', isSiteAdmin: true }, { role: 'superadmin' })).toMatchObject({
      siteId: '',
      isSiteAdmin: false,
      isActive: true,
    });
  });
});
