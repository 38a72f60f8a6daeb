import { z } from 'zod';
import type { AdminUserInput, User } from '@/api/types';
import { adminFieldRules, adminFieldsShape } from '@/components/user-admin-fields/account-rules';
import { email, optionalEmail, requiredText, text } from '@/lib/schema';
import type { MessageKey } from '@/lib/i18n/i18n';
import { ADMIN_PASSWORD_MIN, USERNAME_MIN_LENGTH } from '@/lib/validation';

/** The form's messages, catalogue keys (the form shows them translated). */
const MSG = {
  usernameShort: 'form.usernameMin3',
  email: 'admin.form.email',
  password8: 'admin.form.password8',
  passwordRequired: 'admin.form.passwordRequired',
} as const satisfies Record<string, MessageKey>;

/**
 * adminUserSchema is the admin user form of spec 02 §5 (POST /api/users, PATCH
 * /api/users/{id}): username at least 3, a valid e-mail, a password of at least 8
 * (required on creation, "Password required"; optional on edit), a role, and the account
 * rules about sites and site admins. Accounts made with gardenctl may have no e-mail, so on
 * edit an empty e-mail is left alone. Its output is the request body (an empty password
 * is dropped; ids are numbers, none is null).
 */
export function adminUserSchema(mode: 'create' | 'edit', isProtected = false) {
  const fields = z.object({
    username: requiredText(MSG.usernameShort, USERNAME_MIN_LENGTH),
    email: mode === 'create' ? email(MSG.email) : optionalEmail(MSG.email),
    fullName: text(),
    password:
      mode === 'create'
        ? z.string().min(1, MSG.passwordRequired).min(ADMIN_PASSWORD_MIN, MSG.password8)
        : z.string().refine((password) => !password || password.length >= ADMIN_PASSWORD_MIN, MSG.password8),
    categoryId: z.string(),
    ...adminFieldsShape,
  });
  return adminFieldRules(fields, isProtected).transform((values): AdminUserInput => {
    const body: AdminUserInput = {
      username: values.username,
      email: values.email,
      fullName: values.fullName,
      role: values.role || 'user',
      isActive: values.isActive,
      categoryId: values.categoryId ? Number(values.categoryId) : null,
      siteId: values.siteId ? Number(values.siteId) : null,
      isSiteAdmin: values.isSiteAdmin,
    };
    if (values.password) body.password = values.password;
    return body;
  });
}

/** What the admin user form's fields hold. */
export type AdminUserValues = z.input<ReturnType<typeof adminUserSchema>>;

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

/** adminUserFrom fills the form from the account being edited. */
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
