import { describe, expect, it } from 'vitest';
import { translateMessage } from '@/lib/i18n/i18n';
import { categorySchema, defaultSortOrder, forumSlug, slugFollowsName } from './categories';

const messages = (input: unknown) => {
  const result = categorySchema.safeParse(input);
  if (result.success) return {};
  // The form shows each field's first message.
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= translateMessage(issue.message);
  return out;
};

describe('forum category form rules', () => {
  it.each([
    ['Fruit & Veg', 'fruit-veg'],
    ['  Houseplants  ', 'houseplants'],
    ['Café Plants', 'cafe-plants'],
    ['Q&A -- Pests!', 'q-a-pests'],
    ['Große Bäume', 'grosse-baume'],
    ['Aunt Molly’s Herbs', 'aunt-mollys-herbs'],
    ['日本', ''],
  ])('derives the slug of %s as the server does: %s', (name, slug) => {
    expect(forumSlug(name)).toBe(slug);
  });

  it('cuts long slugs to 100 characters without a trailing hyphen', () => {
    const slug = forumSlug('ab '.repeat(80));
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('lets the slug follow the name while creating, or while it is the original or derived slug', () => {
    expect(slugFollowsName(true, '', 'anything', 'Old')).toBe(true);
    expect(slugFollowsName(false, 'veg', 'veg', 'Vegetables')).toBe(true);
    expect(slugFollowsName(false, 'veg', 'vegetables', 'Vegetables')).toBe(true);
    expect(slugFollowsName(false, 'veg', 'my-veg', 'Vegetables')).toBe(false);
  });

  it('defaults a new sort order to the number of categories plus one', () => {
    expect(defaultSortOrder(0)).toBe(1);
    expect(defaultSortOrder(4)).toBe(5);
  });

  it('carries the spec messages', () => {
    expect(messages({ name: ' ', slug: '', sortOrder: -1, description: '' })).toEqual({
      name: 'Category name is required',
      slug: 'Slug is required',
      sortOrder: 'Sort order must be 0 or greater',
    });
    expect(messages({ name: 'Veg', slug: 'Veg Stuff', sortOrder: 1, description: '' })).toEqual({
      slug: 'Slug may contain only lowercase letters, digits and hyphens',
    });
    expect(messages({ name: 'Veg', slug: 'veg', sortOrder: undefined, description: '' })).toEqual({ sortOrder: 'Sort order must be a number' });
    expect(categorySchema.parse({ name: ' Veg ', slug: 'veg', sortOrder: 0, description: ' x ' })).toEqual({
      name: 'Veg',
      slug: 'veg',
      sortOrder: 0,
      description: 'x',
    });
  });
});
