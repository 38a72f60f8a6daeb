/** Shared wire types of the Garden JSON API (camelCase, as the server sends them). */

export type Role = 'user' | 'admin' | 'superadmin';

export interface NotificationPreferences {
  email: boolean;
  push: boolean | null;
  careReminders: boolean;
  weeklyDigest: boolean;
}

export interface User {
  id: number;
  username: string;
  email?: string | null;
  fullName?: string | null;
  role: Role;
  isActive?: boolean;
  isProtected?: boolean;
  categoryId?: number | null;
  siteId?: number | null;
  isSiteAdmin?: boolean;
  createdAt?: string;
  lastLogin?: string | null;
  preferences?: { notifications?: boolean } | null;
  notificationPreferences?: NotificationPreferences | null;
}

/** POST /api/login and POST /api/end-impersonation answer with a token and a user. */
export interface SessionResponse {
  token: string;
  user: User;
}

/** The local impersonation record kept under the storage key `impersonation`. */
export interface ImpersonationRecord {
  isImpersonating: boolean;
  originalUser: User;
}

/** The body of every non-2xx answer from the API. */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  errors?: Record<string, string>;
}
