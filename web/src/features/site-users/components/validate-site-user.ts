import type { NewSiteUser } from '@/api/types';
import { MSG, SITE_ADMIN_PASSWORD_MIN, USERNAME_MIN_LENGTH, isEmail } from '@/lib/validation';

/** A site admin's new user as typed (the site id as select text). */
export interface NewSiteUserValues {
  username: string;
  email: string;
  password: string;
  fullName: string;
  siteId: string;
}

export type NewSiteUserErrors = Partial<Record<keyof NewSiteUserValues, string>>;

/**
 * validateNewSiteUser: the site admin's form of spec 02 §5 — username at least 3, a valid
 * e-mail, a password of at least 6, full name optional, a site required ("Please select a site").
 */
export function validateNewSiteUser(values: NewSiteUserValues): NewSiteUserErrors {
  const errors: NewSiteUserErrors = {};
  if (values.username.trim().length < USERNAME_MIN_LENGTH) errors.username = MSG.usernameShort;
  if (!isEmail(values.email.trim())) errors.email = MSG.email;
  if (values.password.length < SITE_ADMIN_PASSWORD_MIN) errors.password = MSG.password6;
  if (!values.siteId) errors.siteId = MSG.selectSite;
  return errors;
}

/** toNewSiteUser: the body of POST /api/sites/users; the role is always user. */
export function toNewSiteUser(values: NewSiteUserValues): NewSiteUser {
  return {
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    fullName: values.fullName.trim(),
    siteId: Number(values.siteId),
    role: 'user',
  };
}
