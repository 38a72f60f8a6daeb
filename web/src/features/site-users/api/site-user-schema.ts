import { z } from 'zod';
import type { NewSiteUser } from '@/api/types';
import { email, requiredText, text } from '@/lib/schema';
import type { MessageKey } from '@/lib/i18n/i18n';
import { SITE_ADMIN_PASSWORD_MIN, USERNAME_MIN_LENGTH } from '@/lib/validation';

/** The form's messages, catalogue keys (the form shows them translated). */
const MSG = {
  usernameShort: 'form.usernameMin3',
  email: 'admin.form.email',
  password6: 'form.passwordMin6',
  selectSite: 'admin.form.selectSite',
} as const satisfies Record<string, MessageKey>;

/**
 * newSiteUserSchema is the site admin's Add User form of spec 02 §5 (POST /api/sites/users):
 * username at least 3, a valid e-mail, a password of at least 6, full name optional, a site
 * required ("Please select a site"). Its output is the body, the role always user.
 */
export const newSiteUserSchema = z
  .object({
    username: requiredText(MSG.usernameShort, USERNAME_MIN_LENGTH),
    email: email(MSG.email),
    password: z.string().min(SITE_ADMIN_PASSWORD_MIN, MSG.password6),
    fullName: text(),
    /** The select's text ('' before a site is picked). */
    siteId: z.string().min(1, MSG.selectSite),
  })
  .transform((user): NewSiteUser => ({ ...user, siteId: Number(user.siteId), role: 'user' }));

/** What the Add User fields hold. */
export type NewSiteUserValues = z.input<typeof newSiteUserSchema>;
