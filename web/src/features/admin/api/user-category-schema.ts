import { z } from 'zod';
import type { UserCategoryInput } from '@/api/types';
import type { MessageKey } from '@/lib/i18n/i18n';
import { requiredText, text } from '@/lib/schema';
import { NAME_MIN_LENGTH } from '@/lib/validation';

/**
 * userCategorySchema is the user category form (spec 02 §5, POST /api/user-categories,
 * PATCH /api/user-categories/{id}): a name of at least 2 characters, a description, and the
 * Experts flag (superadmins only; the server refuses it from anyone else).
 */
export const userCategorySchema = z.object({
  name: requiredText('admin.form.name2' satisfies MessageKey, NAME_MIN_LENGTH),
  description: text(),
  experts: z.boolean().optional(),
}) satisfies z.ZodType<UserCategoryInput>;

/**
 * categoryToSend is what the form sends: the Experts flag only from a superadmin and only when
 * it changes, so an admin's save never touches it.
 */
export function categoryToSend(values: UserCategoryInput, original: boolean, superadmin: boolean): UserCategoryInput {
  const { experts, ...rest } = values;
  return superadmin && experts !== undefined && experts !== original ? { ...rest, experts } : rest;
}
