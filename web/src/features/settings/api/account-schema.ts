import { z } from 'zod';
import type { User, UserPatchInput } from '@/api/types';
import { adminFieldRules, adminFieldsShape } from '@/components/user-admin-fields/account-rules';
import { always, optionalEmail, requiredText, text } from '@/lib/schema';
import { ADMIN_PASSWORD_MIN, MSG, USERNAME_MIN_LENGTH } from '@/lib/validation';

/**
 * accountSchema is the Account Settings card (PATCH /api/user/settings, or PATCH
 * /api/users/{id} for a superadmin editing someone): username at least 3 characters, a
 * valid e-mail when one is given, and a new password (optional: empty keeps the current
 * one) of at least 8 characters, as the server asks of every password change but a site
 * admin's new user. On one's own account (`own`) a new password takes the current one, as
 * the server asks. With the admin fields, their account rules too. Its output is the body:
 * no empty password (spec 02 §5), the current password only beside a new one; the category
 * only when the editor may choose it (superadmins); the admin fields only for a superadmin
 * editing someone.
 */
export function accountSchema({
  withCategory,
  withAdminFields,
  isProtected = false,
  own = false,
}: {
  withCategory: boolean;
  withAdminFields: boolean;
  isProtected?: boolean;
  /** The caller's own account: a new password needs the current one. */
  own?: boolean;
}) {
  const fields = z.object({
    username: requiredText(MSG.usernameShort, USERNAME_MIN_LENGTH),
    email: optionalEmail(MSG.email),
    fullName: text(),
    categoryId: z.string(),
    password: z.string().refine((password) => !password || password.length >= ADMIN_PASSWORD_MIN, MSG.password8),
    currentPassword: z.string(),
    ...adminFieldsShape,
  });
  const checked = (withAdminFields ? adminFieldRules(fields, isProtected) : fields).superRefine(
    (values, ctx) => {
      if (own && values.password && !values.currentPassword) {
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: CURRENT_PASSWORD_REQUIRED });
      }
    },
    { when: always },
  );
  return checked.transform((values): UserPatchInput => {
    const body: UserPatchInput = { username: values.username, email: values.email, fullName: values.fullName };
    if (withCategory) body.categoryId = values.categoryId ? Number(values.categoryId) : null;
    if (values.password) body.password = values.password;
    if (own && values.password) body.currentPassword = values.currentPassword;
    if (withAdminFields && values.role) {
      body.role = values.role;
      body.siteId = values.siteId ? Number(values.siteId) : null;
      body.isSiteAdmin = values.isSiteAdmin;
      body.isActive = values.isActive;
    }
    return body;
  });
}

/**
 * The message for a new password without the current one, a key (the form shows it
 * translated); the server's own reads the same in English (docs/api.md).
 */
export const CURRENT_PASSWORD_REQUIRED = 'settings.account.currentPasswordRequired';

/** What the Account Settings fields hold. */
export type AccountValues = z.input<ReturnType<typeof accountSchema>>;

/** accountValuesFrom fills the card from the account shown. */
export function accountValuesFrom(user: User): AccountValues {
  return {
    username: user.username,
    email: user.email ?? '',
    fullName: user.fullName ?? '',
    categoryId: user.categoryId ? String(user.categoryId) : '',
    password: '',
    currentPassword: '',
    role: user.role,
    siteId: user.siteId ? String(user.siteId) : '',
    isSiteAdmin: Boolean(user.isSiteAdmin),
    isActive: user.isActive !== false,
  };
}
