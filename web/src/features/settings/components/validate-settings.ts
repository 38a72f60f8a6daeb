import type { User, UserPatchInput } from '@/api/types';
import type { AdminFieldValues } from '@/components/user-admin-fields/account-rules';
import { ADMIN_PASSWORD_MIN, MSG, USERNAME_MIN_LENGTH, isEmail } from '@/lib/validation';

/** The Account Settings form as typed (a category id as select text, '' = none). */
export interface AccountValues extends AdminFieldValues {
  username: string;
  email: string;
  fullName: string;
  categoryId: string;
  password: string;
}

export type AccountErrors = Partial<Record<keyof AccountValues, string>>;

export function accountValuesFrom(user: User): AccountValues {
  return {
    username: user.username,
    email: user.email ?? '',
    fullName: user.fullName ?? '',
    categoryId: user.categoryId ? String(user.categoryId) : '',
    password: '',
    role: user.role,
    siteId: user.siteId ? String(user.siteId) : '',
    isSiteAdmin: Boolean(user.isSiteAdmin),
    isActive: user.isActive !== false,
  };
}

/**
 * validateAccount: username at least 3 characters, a valid e-mail when one is given, and a
 * new password (optional: empty keeps the current one) of at least 8 characters, as the
 * server asks of every password change but a site admin's new user.
 */
export function validateAccount(values: AccountValues): AccountErrors {
  const errors: AccountErrors = {};
  if (values.username.trim().length < USERNAME_MIN_LENGTH) errors.username = MSG.usernameShort;
  const email = values.email.trim();
  if (email && !isEmail(email)) errors.email = MSG.email;
  if (values.password && values.password.length < ADMIN_PASSWORD_MIN) errors.password = MSG.password8;
  return errors;
}

/**
 * toAccountBody builds the PATCH body: an empty password is not sent (spec 02 §5); the
 * category only when the editor may choose it (superadmins); the admin fields only for a
 * superadmin editing someone.
 */
export function toAccountBody(
  values: AccountValues,
  { withCategory, withAdminFields }: { withCategory: boolean; withAdminFields: boolean },
): UserPatchInput {
  const body: UserPatchInput = {
    username: values.username.trim(),
    email: values.email.trim(),
    fullName: values.fullName.trim(),
  };
  if (withCategory) body.categoryId = values.categoryId ? Number(values.categoryId) : null;
  if (values.password) body.password = values.password;
  if (withAdminFields && values.role) {
    body.role = values.role;
    body.siteId = values.siteId ? Number(values.siteId) : null;
    body.isSiteAdmin = values.isSiteAdmin;
    body.isActive = values.isActive;
  }
  return body;
}
