import type { AdminUserInput, Role, User } from '@/api/types';
import { validateAdminFields, type AdminFieldValues } from '@/components/user-admin-fields/account-rules';
import { ADMIN_PASSWORD_MIN, MSG, USERNAME_MIN_LENGTH, isEmail } from '@/lib/validation';

/** The admin user form as typed (ids as select text, '' = none). */
export interface AdminUserValues extends AdminFieldValues {
  username: string;
  email: string;
  fullName: string;
  password: string;
  categoryId: string;
}

export type AdminUserErrors = Partial<Record<keyof AdminUserValues, string>>;

export const emptyAdminUser: AdminUserValues = {
  username: '',
  email: '',
  fullName: '',
  password: '',
  categoryId: '',
  role: 'user',
  siteId: '',
  isSiteAdmin: false,
  isActive: true,
};

export function adminUserFrom(user: User): AdminUserValues {
  return {
    username: user.username,
    email: user.email ?? '',
    fullName: user.fullName ?? '',
    password: '',
    categoryId: user.categoryId ? String(user.categoryId) : '',
    role: user.role,
    siteId: user.siteId ? String(user.siteId) : '',
    isSiteAdmin: Boolean(user.isSiteAdmin),
    isActive: user.isActive !== false,
  };
}

/**
 * validateAdminUser applies the admin user form of spec 02 §5: username at least 3, a valid
 * e-mail, a password of at least 8 (required on creation, "Password required"; optional on
 * edit), a role, and the account rules about sites and site admins. Accounts made with
 * gardenctl may have no e-mail, so on edit an empty e-mail is left alone.
 */
export function validateAdminUser(
  values: AdminUserValues,
  mode: 'create' | 'edit',
  isProtected = false,
): AdminUserErrors {
  const errors: AdminUserErrors = { ...validateAdminFields(values, isProtected) };
  if (values.username.trim().length < USERNAME_MIN_LENGTH) errors.username = MSG.usernameShort;
  const email = values.email.trim();
  if ((mode === 'create' || email) && !isEmail(email)) errors.email = MSG.email;
  if (mode === 'create' && !values.password) errors.password = MSG.passwordRequired;
  else if (values.password && values.password.length < ADMIN_PASSWORD_MIN) errors.password = MSG.password8;
  return errors;
}

/** toAdminUserInput: the body of POST /api/users and PATCH /api/users/{id}; an empty password is dropped. */
export function toAdminUserInput(values: AdminUserValues): AdminUserInput {
  const body: AdminUserInput = {
    username: values.username.trim(),
    email: values.email.trim(),
    fullName: values.fullName.trim(),
    role: (values.role || 'user') as Role,
    isActive: values.isActive,
    categoryId: values.categoryId ? Number(values.categoryId) : null,
    siteId: values.siteId ? Number(values.siteId) : null,
    isSiteAdmin: values.isSiteAdmin,
  };
  if (values.password) body.password = values.password;
  return body;
}
