/*
 * Area catalogues (src/locales/<area>/<lang>.json): loaded with the area's pages, merged into
 * the language's messages beside the core catalogue, and loaded again in the new language when
 * the gardener switches.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadAreaTexts } from './areas';
import { chooseLocale, loadLocale, t } from './i18n';

afterEach(async () => {
  await loadLocale('en');
});

describe('area catalogues', () => {
  it('English shows the area’s texts beside the core catalogue’s (the Vitest setup loads them)', () => {
    expect(t('plants.limit.title')).toBe('Plant limit');
    expect(t('plants.limit.unlimited', { count: 1 })).toBe('1 plant · unlimited');
  });

  it('a language switch loads every area opened so far, in the new language', async () => {
    await loadAreaTexts('plants');
    await chooseLocale('de');
    expect(t('plants.limit.title')).toBe('Pflanzenlimit');
    expect(t('plants.delete.deletedText', { name: 'Basilikum' })).toBe('Basilikum wurde aus deinem Garten entfernt.');
    await chooseLocale('pl');
    expect(t('plants.limit.unlimited', { count: 5 })).toBe('5 roślin · bez limitu');
  });

  it('an area opened in a language loads in that language', async () => {
    await loadLocale('ru');
    await loadAreaTexts('plants');
    expect(t('plants.limit.unlimited', { count: 3 })).toBe('3 растения · без ограничений');
  });
});
