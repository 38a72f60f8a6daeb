// The web app in the gardener's language (issue #25 items 1, 2 and 5): a visitor picks German on
// the sign-in page and the page switches at once, its validation message and the server's
// answer in German, every API call sent with Accept-Language; the first sign-in saves the
// choice with the account; the dashboard shows German texts and a German date; Settings'
// language card switches the app back to English live.

import { test, expect, type Account } from '../fixtures';

const GRETA: Account = { username: 'i18n-e2e', password: 'secret-pass-i18n' };
const GERMAN_WEEKDAY = /Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag/;

test.describe('languages', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ createUser }) => {
    await createUser(GRETA);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('German from the sign-in page to the dashboard, and back to English in Settings', async ({
    openPage,
    collectErrors,
    apiFromPage,
    garden,
    shot,
    scrollThrough,
  }) => {
    test.setTimeout(120_000);
    const page = await openPage({ viewport: { width: 1280, height: 800 } });
    const errors = collectErrors(page);
    const languages: string[] = [];
    // The app's API calls (api/client.ts: Accept: application/json) carry the shown language;
    // images and the browser's own requests keep the browser's.
    page.on('request', (request) => {
      const headers = request.headers();
      if (new URL(request.url()).pathname.startsWith('/api/') && headers['accept'] === 'application/json') {
        languages.push(`${new URL(request.url()).pathname}=${headers['accept-language'] ?? ''}`);
      }
    });

    await page.goto(`${garden.baseURL}/auth`);
    await page.getByRole('heading', { name: 'Sign in to your garden' }).waitFor();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // The picker switches the page at once; the choice is kept on this device.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { name: 'Melde dich in deinem Garten an' }).waitFor();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(await page.evaluate(() => localStorage.getItem('garden-language'))).toBe('de');

    // A form error in German (the schema's message through the catalogue).
    await page.getByLabel('Benutzername').fill('ab');
    await page.getByLabel('Passwort', { exact: true }).fill(GRETA.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByText('Der Benutzername muss mindestens 3 Zeichen lang sein').waitFor();

    // The server answers the visitor in German too: the request said Accept-Language: de.
    await page.getByLabel('Benutzername').fill(GRETA.username);
    await page.getByLabel('Passwort', { exact: true }).fill('wrong-password');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    expect((await refused).request().headers()['accept-language']).toBe('de');
    await page.getByRole('alert').filter({ hasText: 'Anmeldung fehlgeschlagen' }).waitFor();
    await shot(page, 'i18n-auth-de');

    // Reloaded, the page comes back in German (the choice is on this device).
    await page.reload();
    await page.getByRole('heading', { name: 'Melde dich in deinem Garten an' }).waitFor();

    await page.getByLabel('Benutzername').fill(GRETA.username);
    await page.getByLabel('Passwort', { exact: true }).fill(GRETA.password);
    await Promise.all([
      page.waitForURL(`${garden.baseURL}/`, { waitUntil: 'load' }),
      page.getByRole('button', { name: 'Anmelden', exact: true }).click(),
    ]);

    // The dashboard in German, with a German date in the header and the week strip.
    await page.getByRole('heading', { level: 1, name: 'Dein Garten im Überblick' }).waitFor();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('.topbar__date')).toHaveText(GERMAN_WEEKDAY);
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(sidebar.getByRole('link', { name: 'Meine Pflanzen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pflanzenpflege heute' })).toBeVisible();
    // The week strip is below the fold: drawn as the gardener scrolls to it.
    await scrollThrough(page);
    await expect(page.getByText(/^KW \d+$/)).toBeVisible();
    await shot(page, 'i18n-dashboard-de');

    // The first sign-in saved the language chosen on the sign-in page with the account.
    await expect.poll(async () => (await apiFromPage(page, '/api/user')).body?.language).toBe('de');

    // Settings' language card switches the app back to English at once.
    await sidebar.getByRole('link', { name: 'Einstellungen' }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PATCH');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    expect((await saved).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Plants' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');

    expect(languages.length).toBeGreaterThan(0);
    expect(languages.filter((l) => !/=(en|de)$/.test(l)), languages.join(', ')).toEqual([]);
    expect(languages.some((l) => l.endsWith('=de'))).toBe(true);
    expect(errors).toEqual([]);
  });
});
