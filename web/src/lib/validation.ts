import type { MessageKey } from './i18n/i18n';
import { isHttpUrl } from './urls';

/**
 * isEmail: an address like the server accepts (docs/api.md): one @, no spaces, and a dot in
 * the domain part.
 */
export function isEmail(value: string): boolean {
  return /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:.]+$/.test(value) && !value.includes('..');
}

/** isWebsite: an absolute http(s) URL with a host (the site form's website, spec 02 §5). */
export function isWebsite(value: string): boolean {
  return isHttpUrl(value) && /^https?:\/\/[^/\s?#]+/.test(value);
}

/** Messages shared by the account forms (spec 02 §5), catalogue keys the forms translate. */
export const MSG = {
  usernameShort: 'form.usernameMin3',
  email: 'shared.form.validEmail',
  password8: 'shared.form.passwordMin8',
  password6: 'form.passwordMin6',
  passwordRequired: 'shared.form.passwordRequired',
  roleRequired: 'shared.form.selectRole',
  selectSite: 'shared.form.selectSite',
  selectUser: 'shared.form.selectUser',
} as const satisfies Record<string, MessageKey>;

/** Minimums of spec 02 §9. */
export const USERNAME_MIN_LENGTH = 3;
export const ADMIN_PASSWORD_MIN = 8;
export const SITE_ADMIN_PASSWORD_MIN = 6;
export const NAME_MIN_LENGTH = 2;
