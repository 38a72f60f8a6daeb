// The gardener's morning (issue 27 items 1-2): six due plants watered one tap each from the
// dashboard's Today list; "Water all" with its confirmation and one request; and a plant with an
// overdue water task counted once and the same on the dashboard, the Schedule, its card and the
// Needs Water filter. Dates come from the server's "today" (the gardener's day). Screenshots of
// the dashboard at desktop and phone width.

import type { Page } from '@playwright/test';
import { test, expect, DESKTOP, PHONE, type Account } from '../fixtures';
import { send } from '../support/api';

const GARDENER: Account = { username: 'tilda', password: 'secret-pass-27' };

/** The server's date for the gardener, moved by days (yyyy-MM-dd). */
function shift(today: string, days: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test.describe("the gardener's morning (Today list, Water all, one definition of overdue)", () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];
  let today = '';
  let ivy = 0;

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(GARDENER, '--role', 'user');
    page = await openPage();
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('waters six due plants from the dashboard, one tap each', async ({ signIn, dismissToasts, tallShot, assertNoSidewaysScroll }) => {
    await signIn(page, GARDENER.username, GARDENER.password);
    today = (await send(page, 'GET', '/api/dashboard/summary')).body.today;
    for (let i = 1; i <= 6; i++) {
      const r = await send(page, 'POST', '/api/plants', {
        name: `Pot ${i}`, plantType: 'Herbs', waterFrequency: 3, lastWatered: `${shift(today, -3 - (i % 2))}T08:00:00Z`,
      });
      expect(r.status).toBe(201);
    }
    await page.reload();
    const list = page.getByRole('region', { name: 'Today', exact: true });
    await list.getByText('6', { exact: true }).waitFor();
    await tallShot(page, 'today-dashboard-desktop');
    await page.setViewportSize(PHONE);
    await assertNoSidewaysScroll(page, 'dashboard with the Today list');
    await tallShot(page, 'today-dashboard-phone');
    await page.setViewportSize(DESKTOP);
    for (let left = 6; left > 0; left--) {
      const row = list.getByRole('listitem').first();
      const name = (await row.getAttribute('aria-label'))!.replace(/ \(overdue\)$/, '');
      const [watered] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/plants/water') && r.request().method() === 'POST'),
        row.getByRole('button', { name: `Water: ${name}` }).click(),
      ]);
      expect(watered.status()).toBe(200);
      await expect(list.getByRole('listitem', { name: new RegExp(`^${name}`) })).toHaveCount(0);
      await dismissToasts(page);
    }
    await list.getByText('Nothing due today').waitFor();
    const plants = (await send(page, 'GET', '/api/plants?status=needs_water')).body;
    expect(plants).toEqual([]);
  });

  test('"Water all" confirms what it will water, then sends one request', async ({ dismissToasts }) => {
    for (let i = 7; i <= 9; i++) {
      await send(page, 'POST', '/api/plants', { name: `Pot ${i}`, plantType: 'Herbs', waterFrequency: 2, lastWatered: `${shift(today, -5)}T08:00:00Z` });
    }
    await page.reload();
    const list = page.getByRole('region', { name: 'Today', exact: true });
    await list.getByRole('button', { name: 'Water all (3)' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Water 3 plants?' });
    await confirm.getByText('Pot 7, Pot 8, Pot 9').waitFor();
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/plants/water')) requests.push(r.postData() ?? '');
    });
    await confirm.getByRole('button', { name: 'Water all' }).click();
    await page.getByText('3 plants were watered.', { exact: true }).waitFor();
    await list.getByText('Nothing due today').waitFor();
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]!).plantIds).toHaveLength(3);
    await dismissToasts(page);
  });

  test('a plant with an overdue water task is one overdue watering everywhere', async ({ mainNav, dismissToasts }) => {
    // Watered yesterday every 7 days (the schedule says in six days), but a water task was due
    // two days ago.
    const created = await send(page, 'POST', '/api/plants', { name: 'Ivy', plantType: 'Herbs', waterFrequency: 7, lastWatered: `${shift(today, -1)}T08:00:00Z` });
    ivy = created.body.id;
    expect((await send(page, 'POST', '/api/care-tasks', { plantId: ivy, taskType: 'water', scheduledDate: shift(today, -2) })).status).toBe(201);
    await page.reload();

    const list = page.getByRole('region', { name: 'Today', exact: true });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByRole('listitem', { name: 'Water Ivy (overdue)' }).waitFor();
    await page.getByRole('region', { name: "Today's Plant Care" }).getByRole('link', { name: 'Ivy' }).waitFor();
    const summary = (await send(page, 'GET', '/api/dashboard/summary')).body;
    expect(summary.reminders.overdue).toBe(1);
    expect(summary.statusCounts.needs_water).toBe(1);

    await mainNav(page).getByRole('link', { name: 'Schedule' }).click();
    const overdue = page.getByRole('region', { name: /Overdue/ });
    await expect(overdue.getByRole('listitem')).toHaveCount(1);
    await overdue.getByRole('listitem', { name: 'Water Ivy (overdue)' }).waitFor();

    await mainNav(page).getByRole('link', { name: 'My Plants' }).click();
    await page.getByRole('article', { name: 'Ivy' }).getByText('Needs Water').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Needs Water' });
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByRole('article', { name: 'Ivy' }).waitFor();

    // Completing the water task waters Ivy: healthy everywhere.
    const task = (await send(page, 'GET', '/api/care-tasks/overdue')).body[0];
    expect((await send(page, 'PATCH', `/api/care-tasks/${task.id}/complete`)).status).toBe(200);
    expect((await send(page, 'GET', `/api/plants/${ivy}`)).body.status).toBe('healthy');
    expect((await send(page, 'GET', '/api/today')).body).toEqual([]);
    await dismissToasts(page);
    expect(errors).toEqual([]);
  });
});
