import { afterEach, describe, expect, it } from 'vitest';
import { loadAreaTexts } from '@/lib/i18n/areas';
import { chooseLocale, loadLocale } from '@/lib/i18n/i18n';
import { functionTexts } from './seeded-functions';

afterEach(async () => {
  await loadLocale('en');
});

describe('functionTexts', () => {
  const forum = { name: 'community_forum', displayName: 'Community Forum', description: 'Forum topics and replies' };

  it('shows a seeded function in the shown language, and as the admin wrote it once renamed', async () => {
    expect(functionTexts(forum)).toEqual({ displayName: 'Community Forum', description: 'Forum topics and replies' });
    await loadAreaTexts('admin');
    await chooseLocale('de');
    expect(functionTexts(forum)).toEqual({ displayName: 'Community-Forum', description: 'Forenthemen und Antworten' });
    expect(functionTexts({ ...forum, displayName: 'Unser Forum' }).displayName).toBe('Unser Forum');
    expect(functionTexts({ name: 'greenhouse', displayName: 'Greenhouse', description: '' })).toEqual({ displayName: 'Greenhouse', description: '' });
  });
});
