import { afterEach, describe, expect, it } from 'vitest';
import { loadAreaTexts } from '@/lib/i18n/areas';
import { chooseLocale, loadLocale } from '@/lib/i18n/i18n';
import { shownCategory, shownCategoryName } from './seeded-categories';

afterEach(async () => {
  await loadLocale('en');
});

describe('seeded forum categories', () => {
  const help = { id: 2, slug: 'help-advice', name: 'Help & Advice', description: 'Ask for help with a plant, a pest or a bed; share what worked.' };

  it('show in the reader’s language until an admin renames them', async () => {
    await loadAreaTexts('forum');
    expect(shownCategory(help)).toEqual(help);
    await chooseLocale('de');
    expect(shownCategory(help)).toEqual({ ...help, name: 'Hilfe & Rat', description: 'Frag um Hilfe bei einer Pflanze, einem Schädling oder einem Beet; teile, was geholfen hat.' });
    expect(shownCategoryName('show-tell', 'Show & Tell')).toBe('Zeig her');
    // Renamed, or a description of the admin's own: as written.
    expect(shownCategory({ ...help, name: 'Fragen', description: 'Unsere Fragen' })).toEqual({ ...help, name: 'Fragen', description: 'Unsere Fragen' });
    // A category of the admin's own that happens to share a seeded name is not a seeded one.
    expect(shownCategoryName('misc', 'General')).toBe('General');
    expect(shownCategoryName(undefined, 'General')).toBe('General');
  });
});
