import { z } from 'zod';
import type { UserCategoryInput } from '@/api/types';
import { requiredText, text } from '@/lib/schema';
import { NAME_MIN_LENGTH } from '@/lib/validation';

/**
 * userCategorySchema is the user category form (spec 02 §5, POST /api/user-categories,
 * PATCH /api/user-categories/{id}): a name of at least 2 characters, a description.
 */
export const userCategorySchema = z.object({
  name: requiredText('Name must be at least 2 characters', NAME_MIN_LENGTH),
  description: text(),
}) satisfies z.ZodType<UserCategoryInput>;
