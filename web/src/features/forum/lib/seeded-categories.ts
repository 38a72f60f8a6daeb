import { t, type MessageKey } from '@/lib/i18n/i18n';

/**
 * The categories a fresh install's forum starts with (core/domain DefaultForumCategories), their
 * English texts as seeded and their catalogue keys. The server seeds them once, in English (an
 * installation has no language of its own); a seeded category that no admin has renamed shows
 * in the reader's language, a renamed or added one as the admin wrote it — as the seeded
 * application functions do on the maintenance page.
 */
const SEEDED: Record<string, { name: string; description: string; nameKey: MessageKey; descriptionKey: MessageKey }> = {
  general: {
    name: 'General',
    description: 'Anything about the garden and this community.',
    nameKey: 'forum.seeded.general',
    descriptionKey: 'forum.seeded.generalText',
  },
  'help-advice': {
    name: 'Help & Advice',
    description: 'Ask for help with a plant, a pest or a bed; share what worked.',
    nameKey: 'forum.seeded.help',
    descriptionKey: 'forum.seeded.helpText',
  },
  'show-tell': {
    name: 'Show & Tell',
    description: 'Show your harvests, beds and blooms.',
    nameKey: 'forum.seeded.show',
    descriptionKey: 'forum.seeded.showText',
  },
};

/** shownCategoryName: a category's name in the shown language while it is still the seeded one. */
export function shownCategoryName(slug: string | undefined, name: string): string {
  const seeded = slug ? SEEDED[slug] : undefined;
  return seeded && name === seeded.name ? t(seeded.nameKey) : name;
}

/** shownCategory: the category with its name and description in the shown language where they are still the seeded ones. */
export function shownCategory<C extends { slug: string; name: string; description?: string | null }>(c: C): C {
  const seeded = SEEDED[c.slug];
  if (!seeded) return c;
  return {
    ...c,
    name: c.name === seeded.name ? t(seeded.nameKey) : c.name,
    description: c.description === seeded.description ? t(seeded.descriptionKey) : c.description,
  };
}
