// Units (issue #25 item 4): an en-US gardener starts in feet and pounds (their locale's system);
// switching to Metric in Settings shows a layout in metres and a harvest total in kilograms at
// once, and a bed size typed in metres is saved in feet, as the spec keeps layouts.

import type { Page } from '@playwright/test';
import { test, expect, type Account } from '../fixtures';

const METRA: Account = { username: 'units-e2e', password: 'secret-pass-units' };

/** A request from the page with its stored token: status and JSON body. */
function fromPage(page: Page, url: string, body?: unknown, method = 'POST') {
  return page.evaluate(
    async ([u, b, m]) => {
      const response = await fetch(u as string, {
        method: m as string,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    [url, body, method] as const,
  );
}

test.describe('units', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];
  let layoutId = 0;

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(METRA, '--role', 'user');
    page = await openPage();
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('an en-US gardener sees feet and pounds until they choose', async ({ signIn, dismissToasts }) => {
    await signIn(page, METRA.username, METRA.password);
    await dismissToasts(page);
    const layout = await fromPage(page, '/api/garden-layouts', { name: 'Allotment', width: 20, height: 10 });
    expect(layout.status).toBe(201);
    layoutId = layout.body.id;
    const beds = await fromPage(page, `/api/garden-layouts/${layoutId}/beds`, { version: 1, beds: [{ name: 'Bed 1', x: 1, y: 1, width: 4, height: 8 }] }, 'PUT');
    expect(beds.status).toBe(200);
    const plant = await fromPage(page, '/api/plants', { name: 'Units Squash', plantType: 'Vegetables' });
    expect(plant.status).toBe(201);
    // 3 lb, entered in pounds: kept in pounds, added up as 1.36 kg.
    const harvest = await fromPage(page, '/api/harvests', { plantId: plant.body.id, harvestDate: '2025-08-01', quantity: 3, unit: 'lb' });
    expect(harvest.status).toBe(201);

    const me = await fromPage(page, '/api/user', undefined, 'GET');
    expect(me.body.units).toBeNull();
    await page.goto(`/planning/garden-layouts/${layoutId}`);
    await expect(page.getByRole('button', { name: 'Bed 1, 4 by 8 ft at 1, 1' })).toBeVisible();
  });

  test('switches to Metric in Settings', async ({ shot }) => {
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Units' });
    await expect(card.getByRole('radio', { name: /Automatic/ })).toBeChecked();
    await expect(card.getByText('Imperial, from your language')).toBeVisible();
    // The units' own save: the first sign-in also saves the browser's language with a PATCH.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PATCH' && (r.request().postData() ?? '').includes('"units"'),
    );
    await card.getByRole('radio', { name: /^Metric/ }).check();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect((await response.json()).units).toBe('metric');
    await expect(card.getByRole('radio', { name: /^Metric/ })).toBeChecked();
    await shot(page, 'units-settings-metric');
  });

  test('shows the layout in metres and the harvest total in kilograms', async ({ mainNav }) => {
    // In-app navigation: the choice applies without a reload.
    await mainNav(page).getByRole('link', { name: 'Harvest Tracking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Harvest Tracking' })).toBeVisible();
    await page.getByRole('button', { name: 'View Stats' }).click();
    const sheet = page.getByRole('dialog', { name: 'Harvest Stats' });
    await expect(sheet.getByText('1.36 kg', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto(`/planning/garden-layouts/${layoutId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Allotment' })).toBeVisible();
    await expect(page.getByText('6.1 m × 3.05 m · 1 bed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bed 1, 1.22 by 2.44 m at 0.3, 0.3' })).toBeVisible();
  });

  test('a bed size typed in metres is saved in feet', async ({ shot }) => {
    await page.getByRole('list', { name: 'Beds' }).getByRole('button', { name: /Bed 1/ }).click();
    const panel = page.getByRole('region', { name: 'Bed: Bed 1' });
    const width = panel.getByLabel('Width (m)');
    await expect(width).toHaveValue('1.22');
    await width.fill('1.5');
    await width.press('Enter');
    await expect(page.getByRole('button', { name: 'Bed 1, 1.5 by 2.44 m at 0.3, 0.3' })).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/garden-layouts/${layoutId}/beds`) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('All changes saved')).toBeVisible();
    await shot(page, 'units-layout-metric');

    const layout = await fromPage(page, `/api/garden-layouts/${layoutId}`, undefined, 'GET');
    expect(layout.status).toBe(200);
    // 1.5 m is 4.921 ft; the untouched sides keep their exact feet.
    expect(layout.body.beds[0]).toMatchObject({ x: 1, y: 1, width: 4.921, height: 8 });
    expect(errors).toEqual([]);
  });
});
