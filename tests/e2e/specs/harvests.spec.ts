// A gardener logs a season's harvests, end to end: records three harvests of two plants in
// different units (one from the plant's page, one from a bed of their garden layout), reads the
// list, the stats sheet (with the bed's yield per square foot), the calendar and the chart,
// downloads the CSV, corrects a record and deletes one, at desktop and phone width.

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, type Account } from '../fixtures';

const PICKER: Account = { username: 'harvest-picker', password: 'secret-pass-harvest' };

/** POST (or another method) from the page with its stored token: status and JSON body. */
function postFromPage(page: Page, url: string, body: unknown, method = 'POST') {
  return page.evaluate(
    async ([u, b, m]) => {
      const response = await fetch(u as string, {
        method: m as string,
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(b),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    [url, body, method] as const,
  );
}

/** Today in the browser, as the calendar names a day ("Tuesday, November 24, 2026"). */
const todayLabel = (page: Page) =>
  page.evaluate(() => new Date().toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }));

test.describe('harvest tracking (a gardener with two plants)', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];
  const plants: Record<string, number> = {};

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(PICKER, '--role', 'user');
    page = await openPage({ acceptDownloads: true });
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('signs in with two plants and an empty harvest log', async ({ signIn, dismissToasts, mainNav, garden }) => {
    await signIn(page, PICKER.username, PICKER.password);
    await dismissToasts(page);
    for (const [name, plantType] of [
      ['Sungold Tomato', 'Vegetables'],
      ['Genovese Basil', 'Herbs'],
    ]) {
      const created = await postFromPage(page, '/api/plants', { name, plantType });
      expect(created.status).toBe(201);
      plants[name] = created.body.id;
    }
    // A 4 × 5 ft bed (20 ft²) on a garden layout, for the yield per square foot.
    const layout = await postFromPage(page, '/api/garden-layouts', { name: 'Back garden', width: 20, height: 10 });
    expect(layout.status).toBe(201);
    const beds = await postFromPage(
      page,
      `/api/garden-layouts/${layout.body.id}/beds`,
      { version: 1, beds: [{ name: 'Tomato bed', x: 0, y: 0, width: 4, height: 5 }] },
      'PUT',
    );
    expect(beds.status).toBe(200);
    await mainNav(page).getByRole('link', { name: 'Harvest Tracking' }).click();
    await page.waitForURL(`${garden.baseURL}/planning/harvest-tracking`);
    await expect(page.getByRole('heading', { level: 1, name: 'Harvest Tracking' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No harvest records found' })).toBeVisible();
  });

  test('records a harvest from the plant’s page, in kilograms', async ({ garden }) => {
    await page.goto(`${garden.baseURL}/plants/${plants['Sungold Tomato']}`);
    await page.getByRole('link', { name: 'Record harvest' }).click();
    await page.waitForURL(`${garden.baseURL}/planning/harvest-tracking/new?plantId=${plants['Sungold Tomato']}`);
    const form = page.getByRole('form', { name: 'Record Harvest' });
    await expect(form.getByLabel('Plant')).toHaveValue(String(plants['Sungold Tomato']));
    // The form checks before sending: a quantity needs its unit.
    await form.getByLabel('Quantity').fill('1.5');
    await form.getByRole('button', { name: 'Record Harvest' }).click();
    await expect(form.getByText('Please select a unit')).toBeVisible();
    await form.getByLabel('Unit').selectOption('kg');
    await form.getByLabel('Notes').fill('First truss, very sweet');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/harvests') && r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Record Harvest' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ plantName: 'Sungold Tomato', quantity: 1.5, unit: 'kg', commonQuantity: 1.5, commonUnit: 'kg' });
    await page.waitForURL(`${garden.baseURL}/planning/harvest-tracking`);
    await page.getByText('Harvest Recorded').first().waitFor();
  });

  test('records two more: grams of the tomato from its bed and bunches of basil', async ({ garden }) => {
    for (const [plant, quantity, unit, bed] of [
      ['Sungold Tomato', '500', 'g', 'Tomato bed'],
      ['Genovese Basil', '3', 'bunches', ''],
    ]) {
      await page.getByRole('link', { name: 'Record Harvest' }).first().click();
      await page.waitForURL(`${garden.baseURL}/planning/harvest-tracking/new`);
      const form = page.getByRole('form', { name: 'Record Harvest' });
      await form.getByLabel('Plant').selectOption({ label: plant });
      await form.getByLabel('Quantity').fill(quantity);
      await form.getByLabel('Unit').selectOption(unit);
      if (bed) await form.getByLabel('Bed').selectOption({ label: bed });
      await form.getByRole('button', { name: 'Record Harvest' }).click();
      await page.waitForURL(`${garden.baseURL}/planning/harvest-tracking`);
    }
  });

  test('lists the three records', async ({ bothWidths }) => {
    const list = page.getByRole('list', { name: 'Harvest records' });
    await expect(list.getByRole('article')).toHaveCount(3);
    await expect(list.getByText('1.5 kg')).toBeVisible();
    await expect(list.getByText('500 g')).toBeVisible();
    await expect(list.getByText('3 bunches')).toBeVisible();
    await expect(list.getByText('First truss, very sweet')).toBeVisible();
    await expect(list.getByRole('article').filter({ hasText: '500 g' }).getByText('Tomato bed · Back garden')).toBeVisible();
    await bothWidths(page, 'harvests-list');
  });

  test('shows the totals in the stats sheet', async ({ bothWidths }) => {
    await page.getByRole('button', { name: 'View Stats' }).click();
    const sheet = page.getByRole('dialog', { name: 'Harvest Stats' });
    await expect(sheet.getByText('Most Harvested')).toBeVisible();
    await expect(sheet.locator('.stat-card__value').first()).toHaveText('3');
    // 1.5 kg + 500 g, added up in kilograms and shown in pounds to this en-US gardener (issue #25
    // item 4: imperial by the locale); three bunches count as three items.
    await expect(sheet.getByText('4.41 lb', { exact: true })).toBeVisible();
    await expect(sheet.getByText('3 items', { exact: true })).toBeVisible();
    await expect(sheet.getByText('Sungold Tomato', { exact: true }).first()).toBeVisible();
    await expect(sheet.getByText('4.41 lb · 2 harvests')).toBeVisible();
    await expect(sheet.locator('.stat-recent li')).toHaveCount(3);
    // 500 g from the 20 ft² bed.
    const yieldCard = sheet.locator('section', { has: page.getByRole('heading', { name: 'Yield per square foot' }) });
    await expect(yieldCard.getByText('Tomato bed', { exact: true })).toBeVisible();
    await expect(yieldCard.getByText('0.0551 lb/ft²')).toBeVisible();
    await bothWidths(page, 'harvests-stats');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  test('shows today’s harvests on the calendar and opens the day', async ({ bothWidths }) => {
    await page.getByRole('tab', { name: 'Calendar' }).click();
    const today = await todayLabel(page);
    const day = page.getByRole('button', { name: `${today}, 3 harvests` });
    await expect(day).toBeVisible();
    await bothWidths(page, 'harvests-calendar');
    await day.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('article')).toHaveCount(3);
    await page.keyboard.press('Escape');
    // The next month has none of them.
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByRole('button', { name: /harvests?$/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(day).toBeVisible();
  });

  test('draws the monthly and year-on-year charts', async ({ bothWidths }) => {
    await page.getByRole('tab', { name: 'Charts' }).click();
    await expect(page.getByText('Monthly totals per plant')).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Weight (lb)', pressed: true })).toBeVisible();
    await page.getByRole('button', { name: 'Count (items)' }).click();
    await expect(page.locator('.recharts-legend-item-text', { hasText: 'Genovese Basil' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Weight (lb)' }).click();
    await expect(page.locator('.recharts-legend-item-text', { hasText: 'Sungold Tomato' }).first()).toBeVisible();
    await bothWidths(page, 'harvests-charts');
  });

  test('downloads the records as CSV', async () => {
    await page.getByRole('tab', { name: 'List View' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^harvests-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path())).toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date,Plant,Quantity,Unit,Quantity in common unit,Common unit,Notes,Image URL');
    expect(lines).toHaveLength(4);
    expect(text).toContain(',Genovese Basil,3,bunches,3,items,');
  });

  test('corrects a record', async ({ garden }) => {
    const list = page.getByRole('list', { name: 'Harvest records' });
    await list.getByRole('article').filter({ hasText: '500 g' }).getByRole('button', { name: /^Actions for Sungold Tomato/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Record' }).click();
    await page.waitForURL(/\/planning\/harvest-tracking\/\d+\/edit$/);
    const form = page.getByRole('form', { name: 'Edit Harvest' });
    await expect(form.getByLabel('Quantity')).toHaveValue('500');
    await form.getByLabel('Quantity').fill('600');
    const [response] = await Promise.all([
      page.waitForResponse((r) => /\/api\/harvests\/\d+$/.test(r.url()) && r.request().method() === 'PATCH'),
      form.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await page.waitForURL(`${garden.baseURL}/planning/harvest-tracking`);
    await expect(list.getByText('600 g')).toBeVisible();
  });

  test('deletes a record after the confirmation', async ({ apiFromPage }) => {
    const list = page.getByRole('list', { name: 'Harvest records' });
    const basil = list.getByRole('article').filter({ hasText: 'Genovese Basil' });
    await basil.getByRole('button', { name: /^Actions for Genovese Basil/ }).click();
    await page.getByRole('menuitem', { name: 'Delete Record' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Record' });
    await confirm.getByRole('button', { name: 'Delete Record' }).click();
    await page.getByText('Record Deleted').first().waitFor();
    await expect(list.getByRole('article')).toHaveCount(2);
    const stats = await apiFromPage(page, '/api/harvests/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.totalHarvests).toBe(2);
    expect(stats.body.totals).toEqual([{ kind: 'mass', unit: 'kg', amount: 2.1, records: 2 }]);
  });

  test('no uncaught errors or console errors', () => {
    expect(errors).toEqual([]);
  });
});
