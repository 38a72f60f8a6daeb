import { z } from 'zod';
import type { Role, User } from '@/api/types';
import type { MessageKey } from '@/lib/i18n/i18n';
import { always } from '@/lib/schema';

/**
 * The account rules of spec 02 §5 with the messages of §8, as catalogue keys (the shared
 * area's): t(key) shows one; a form shows a schema's key translated (useFieldError). The server enforces the same
 * rules (docs/decisions.md "Accounts"); the pages check them first so that nobody has to
 * wait for a refusal.
 */
export const ACCOUNT_RULES = {
  protectedNoDelete: 'shared.accountRules.protectedNoDelete',
  protectedActive: 'shared.accountRules.protectedActive',
  protectedNoRename: 'shared.accountRules.protectedNoRename',
  protectedSuperadmin: 'shared.accountRules.protectedSuperadmin',
  superadminNoDelete: 'shared.accountRules.superadminNoDelete',
  superadminNoDeactivate: 'shared.accountRules.superadminNoDeactivate',
  siteAdminNoDelete: 'shared.accountRules.siteAdminNoDelete',
  superadminNoSite: 'shared.accountRules.superadminNoSite',
  superadminNoSiteAdmin: 'shared.accountRules.superadminNoSiteAdmin',
  siteAdminNeedsSite: 'shared.accountRules.siteAdminNeedsSite',
  noUserSelected: 'shared.accountRules.noUserSelected',
  noCategorySelected: 'shared.accountRules.noCategorySelected',
  roleRequired: 'shared.accountRules.roleRequired',
} as const satisfies Record<string, MessageKey>;

/** Why `user` cannot be deleted, or null when it can. */
export function deleteBlockedReason(user: Pick<User, 'role' | 'isProtected' | 'isSiteAdmin'>): MessageKey | null {
  if (user.isProtected) return ACCOUNT_RULES.protectedNoDelete;
  if (user.role === 'superadmin') return ACCOUNT_RULES.superadminNoDelete;
  if (user.isSiteAdmin) return ACCOUNT_RULES.siteAdminNoDelete;
  return null;
}

/** Why `user` cannot be deactivated, or null when it can (reactivating is always allowed). */
export function deactivateBlockedReason(user: Pick<User, 'role' | 'isProtected' | 'isActive'>): MessageKey | null {
  if (user.isActive === false) return null;
  if (user.isProtected) return ACCOUNT_RULES.protectedActive;
  if (user.role === 'superadmin') return ACCOUNT_RULES.superadminNoDeactivate;
  return null;
}

/** The admin part of an account as a form holds it (a site id as select text, '' = none). */
export interface AdminFieldValues {
  role: Role | '';
  siteId: string;
  isSiteAdmin: boolean;
  isActive: boolean;
}

export type AdminFieldErrors = Partial<Record<keyof AdminFieldValues, string>>;

/**
 * withAdminFieldRules applies a change the way the admin form does (spec 02 §5): a
 * superadmin has no site and is no site admin, and the site admin flag is unchecked
 * automatically when there is no site.
 */
export function withAdminFieldRules<T extends AdminFieldValues>(values: T, patch: Partial<AdminFieldValues>): T {
  const next = { ...values, ...patch };
  if (next.role === 'superadmin') {
    next.siteId = '';
    next.isSiteAdmin = false;
    next.isActive = true;
  }
  if (!next.siteId) next.isSiteAdmin = false;
  return next;
}

/** validateAdminFields: role required, and the account rules that the form can break. */
export function validateAdminFields(values: AdminFieldValues, isProtected = false): AdminFieldErrors {
  const errors: AdminFieldErrors = {};
  if (!values.role) errors.role = ACCOUNT_RULES.roleRequired;
  if (isProtected && (values.role !== 'superadmin' || values.siteId || values.isSiteAdmin)) {
    errors.role = ACCOUNT_RULES.protectedSuperadmin;
  }
  if (isProtected && !values.isActive) errors.isActive = ACCOUNT_RULES.protectedActive;
  if (values.role === 'superadmin') {
    if (values.siteId) errors.siteId = ACCOUNT_RULES.superadminNoSite;
    if (values.isSiteAdmin) errors.isSiteAdmin = ACCOUNT_RULES.superadminNoSiteAdmin;
    if (!values.isActive && !isProtected) errors.isActive = ACCOUNT_RULES.superadminNoDeactivate;
  }
  if (values.isSiteAdmin && !values.siteId) errors.isSiteAdmin = ACCOUNT_RULES.siteAdminNeedsSite;
  return errors;
}

/** The admin fields of an account form, as zod reads them (checked by adminFieldRules). */
export const adminFieldsShape = {
  role: z.enum(['user', 'admin', 'superadmin']).or(z.literal('')),
  siteId: z.string(),
  isSiteAdmin: z.boolean(),
  isActive: z.boolean(),
};

/**
 * adminFieldRules adds validateAdminFields' messages to a schema holding adminFieldsShape.
 * It runs even while other fields are wrong, so every message shows at once.
 */
export function adminFieldRules<S extends z.ZodType<AdminFieldValues>>(schema: S, isProtected = false): S {
  return schema.superRefine(
    (values, ctx) => {
      for (const [path, message] of Object.entries(validateAdminFields(values, isProtected))) {
        ctx.addIssue({ code: 'custom', path: [path], message });
      }
    },
    { when: always },
  );
}
