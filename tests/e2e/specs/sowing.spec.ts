// What to sow now (issue #24 item 7): an admin gives two plant database items sowing windows; a
// gardener sets frost dates in Settings, finds the items on the dashboard's Sow Now card and on
// the Sowing Calendar, and sets a reminder, at desktop and phone width. The windows cover the
// whole year (in months) so that the scenario holds whatever the day it runs.

import type { Page } from '@playwright/test';
import { test, expect, type Account } from '../fixtures';
import { send } from '../support/api';

const SEEDER: Account = { username: 'seeder', password: 'secret-pass-7' };
const SOWER: Account = { username: 'sower', password: 'secret-pass-8' };

test.describe('sowing (an admin and a gardener)', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(SEEDER, '--role', 'admin');
    await createUser(SOWER, '--role', 'user');
    page = await openPage();
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('an admin gives two items sowing windows', async ({ signIn }) => {
    await signIn(page, SEEDER.username, SEEDER.password);
    const all = { unit: 'months', from: 1, to: 12 };
    for (const [name, sowing] of [
      ['Radish Sowable', { directSow: all, sowIndoors: null, transplant: null, harvestDaysMin: 25, harvestDaysMax: 30 }],
      ['Chilli Sowable', { sowIndoors: all, directSow: null, transplant: { unit: 'weeks', from: 2, to: 4 }, harvestDaysMin: 0, harvestDaysMax: 0 }],
    ] as const) {
      const created = await send(page, 'POST', '/api/plant-database', { commonName: name, plantType: 'Vegetables', sowing });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    await page.evaluate(() => localStorage.clear());
  });

  test('a gardener sets frost dates, sees Sow Now and the calendar, and sets a reminder', async ({ signIn, bothWidths, dismissToasts, scrollThrough }) => {
    await signIn(page, SOWER.username, SOWER.password);
    await scrollThrough(page);
    const card = page.getByRole('region', { name: 'Sow Now' });
    await expect(card.getByRole('link', { name: 'Chilli Sowable' })).toBeVisible();
    await expect(card.getByText(/Sow indoors · until/)).toBeVisible();

    await page.goto('/settings');
    const frost = page.locator('#frost-dates');
    await frost.getByLabel('Last spring frost').fill('05-10');
    await frost.getByLabel('First autumn frost').fill('10-01');
    await frost.getByRole('button', { name: 'Save Frost Dates' }).click();
    await expect(page.getByText('Frost dates saved', { exact: true })).toBeVisible();
    await dismissToasts(page);

    await page.goto('/sowing-calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Sowing Calendar' })).toBeVisible();
    await expect(page.getByText(/Last spring frost May 10, first autumn frost Oct 1 \(from your settings\)/)).toBeVisible();
    const rows = page.getByRole('list', { name: 'What to sow this week' });
    await expect(rows.getByRole('link', { name: 'Chilli Sowable' })).toBeVisible();
    await expect(rows.getByRole('link', { name: 'Radish Sowable' })).toBeVisible();
    await bothWidths(page, 'sowing-calendar');

    const radish = rows.locator('.sow-row', { has: page.getByRole('link', { name: 'Radish Sowable' }) });
    await radish.getByRole('button', { name: 'Remind me' }).click();
    await expect(page.getByText('Reminder set', { exact: true })).toBeVisible();
    // The reminder is a task on a plant made from the item.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
    await scrollThrough(page);
    await expect(page.getByRole('region', { name: 'Sow Now' }).getByRole('link', { name: 'Radish Sowable' })).toBeVisible();
    await bothWidths(page, 'sowing-dashboard');
    expect(errors).toEqual([]);
  });
});
