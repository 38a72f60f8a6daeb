// Dark mode for real (issue #25 item 6): the theme chosen in Settings shows at once, survives a
// reload with no light flash (index.html's inline script, allowed by the CSP's hash, paints it
// before the app's code runs), and follows the gardener to another device through the server.
// "System" follows the device's prefers-color-scheme.

import type { Page } from '@playwright/test';
import { test, expect, type Account } from '../fixtures';

const NYX: Account = { username: 'theme-e2e', password: 'secret-pass-theme' };

/** The page background as the browser paints it. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('theme', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ createUser }) => {
    await createUser(NYX);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('dark persists across a reload, painted before the app, and follows the gardener', async ({ openPage, signIn, collectErrors, shot }) => {
    const page = await openPage({ viewport: { width: 1280, height: 800 } });
    const errors = collectErrors(page);
    await signIn(page, NYX.username, NYX.password);
    await page.goto('/settings');
    test.setTimeout(120_000);
    const card = page.getByRole('region', { name: 'Theme Preferences' });
    await expect(card.getByRole('radio', { name: 'System' })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const light = await background(page);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PATCH');
    await card.getByRole('radio', { name: 'Dark' }).check();
    expect((await saved).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const dark = await background(page);
    expect(dark).not.toBe(light);

    // On reload the theme is on <html> before the app's module runs: record it at
    // DOMContentLoaded, before React renders anything.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __themeAtLoad: string | undefined }).__themeAtLoad = document.documentElement.dataset.theme;
      });
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __themeAtLoad?: string }).__themeAtLoad)).toBe('dark');
    await expect(card.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(await background(page)).toBe(dark);
    await shot(page, 'theme-settings-dark');

    // Another device (a new browser, nothing stored) signs in and gets the gardener's theme.
    const other = await openPage({ viewport: { width: 390, height: 800 } });
    await signIn(other, NYX.username, NYX.password);
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
    await other.reload();
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shot(other, 'theme-dashboard-dark-phone');

    // Back to System: a device that prefers dark is dark, one that prefers light is light.
    await card.getByRole('radio', { name: 'System' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(errors).toEqual([]);
  });
});
