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

/** Messages shared by the account forms (spec 02 §5). */
export const MSG = {
  usernameShort: 'Username must be at least 3 characters',
  email: 'Please enter a valid email',
  password8: 'Password must be at least 8 characters',
  password6: 'Password must be at least 6 characters',
  passwordRequired: 'Password required',
  roleRequired: 'Please select a role',
  selectSite: 'Please select a site',
  selectUser: 'Please select a user',
} as const;

/** Minimums of spec 02 §9. */
export const USERNAME_MIN_LENGTH = 3;
export const ADMIN_PASSWORD_MIN = 8;
export const SITE_ADMIN_PASSWORD_MIN = 6;
export const NAME_MIN_LENGTH = 2;
