import { PASSWORD_MIN, USERNAME_MIN } from '@/lib/config';
import type { LoginCredentials } from '../api/login';

export type LoginErrors = Partial<Record<keyof LoginCredentials, string>>;

/** validateLogin applies spec 01 §5: username at least 3 characters, password at least 6. */
export function validateLogin({ username, password }: LoginCredentials): LoginErrors {
  const errors: LoginErrors = {};
  if (username.trim().length < USERNAME_MIN) errors.username = 'Username must be at least 3 characters';
  if (password.length < PASSWORD_MIN) errors.password = 'Password must be at least 6 characters';
  return errors;
}
