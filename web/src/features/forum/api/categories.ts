import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiJSON, apiRequest } from '@/api/client';
import { useRefresh } from '@/api/query';
import type { ForumCategory } from './types';
import { forumCategoryKeys, forumUrls } from './urls';

const LATIN_FOLD: Record<string, string> = {
  à: 'a', á: 'a', â: 'a', ã: 'a', ä: 'a', å: 'a', æ: 'ae', ç: 'c', è: 'e', é: 'e', ê: 'e', ë: 'e',
  ì: 'i', í: 'i', î: 'i', ï: 'i', ñ: 'n', ò: 'o', ó: 'o', ô: 'o', õ: 'o', ö: 'o', ø: 'o', œ: 'oe',
  ù: 'u', ú: 'u', û: 'u', ü: 'u', ý: 'y', ÿ: 'y', ß: 'ss',
};

/**
 * forumSlug derives a category's slug from its name exactly as the server does
 * (domain.ForumSlug): lowercase ASCII letters and digits, accents folded, apostrophes
 * dropped, every other run one hyphen, at most 100 characters.
 */
export function forumSlug(name: string): string {
  let out = '';
  let hyphen = false;
  for (const ch of name.toLowerCase()) {
    if (ch === "'" || ch === '\u2018' || ch === '\u2019') continue;
    const folded = LATIN_FOLD[ch] ?? (/^[a-z0-9]$/.test(ch) ? ch : null);
    if (folded !== null) {
      out += folded;
      hyphen = false;
    } else if (!hyphen && out) {
      out += '-';
      hyphen = true;
    }
  }
  out = out.replace(/-+$/, '');
  return out.length > 100 ? out.slice(0, 100).replace(/-+$/, '') : out;
}

/**
 * slugFollowsName is the category form's rule (spec 02 §5): while creating, or while editing
 * with the slug unchanged from the original or equal to the slug of the name before this
 * change, the slug follows the name.
 */
export function slugFollowsName(creating: boolean, originalSlug: string, currentSlug: string, previousName: string): boolean {
  return creating || currentSlug === originalSlug || currentSlug === forumSlug(previousName);
}

/** defaultSortOrder: a new category goes after the others (spec 02 §5). */
export function defaultSortOrder(count: number): number {
  return count + 1;
}

/** The category form (spec 02 §5). */
export const categorySchema = z.object({
  name: z.string().trim().min(1, 'forum.form.nameRequired').max(100, 'forum.form.nameMax100'),
  slug: z
    .string()
    .trim()
    .min(1, 'forum.form.slugRequired')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'forum.form.slugRule'),
  sortOrder: z.number({ error: 'forum.form.sortNumber' }).int('forum.form.sortWhole').min(0, 'forum.form.sortMin0'),
  description: z.string().trim().max(500, 'forum.form.descriptionMax500'),
});
export type CategoryValues = z.input<typeof categorySchema>;
export type CategoryInput = z.output<typeof categorySchema>;

function useCategoryWrite<A, R>(key: string, call: (arg: A) => Promise<R>) {
  const refresh = useRefresh();
  return useSWRMutation<R, Error, string, A>(key, (_url: string, { arg }: { arg: A }) => call(arg), {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(forumCategoryKeys),
  });
}

/** useCreateCategory: POST /api/forum/categories (superadmins). */
export function useCreateCategory() {
  return useCategoryWrite<CategoryInput, ForumCategory>('forum:category-create', (input) =>
    apiJSON<ForumCategory>('POST', forumUrls.categories, input),
  );
}

/** useUpdateCategory: PATCH /api/forum/categories/{id} with the same fields plus id. */
export function useUpdateCategory() {
  return useCategoryWrite<{ id: number; input: CategoryInput }, ForumCategory>('forum:category-update', ({ id, input }) =>
    apiJSON<ForumCategory>('PATCH', forumUrls.category(id), { id, ...input }),
  );
}

/** useDeleteCategory: DELETE /api/forum/categories/{id} (only without topics). */
export function useDeleteCategory() {
  return useCategoryWrite<number, void>('forum:category-delete', async (id) => {
    await apiRequest('DELETE', forumUrls.category(id));
  });
}

/** useMoveCategory: PATCH /api/forum/categories/{id}/move with direction up or down. */
export function useMoveCategory() {
  return useCategoryWrite<{ id: number; direction: 'up' | 'down' }, ForumCategory>('forum:category-move', ({ id, direction }) =>
    apiJSON<ForumCategory>('PATCH', forumUrls.categoryMove(id), { direction }),
  );
}
