// The gardener's day (issue 17): a plant added as last watered four days ago with a 3-day interval is
// Needs Water in the My Plants filter, on the dashboard and on the Schedule; its location and
// growth are edited; once watered it is Healthy everywhere. Screenshots at desktop and phone
// width.

import type { Page } from '@playwright/test';
import { test, expect, DESKTOP, PHONE, type Account } from '../fixtures';

const GARDENER: Account = { username: 'gerda', password: 'secret-pass-17' };
const PLANT = 'Lemon Basil';

/** The browser's local date offsetDays from today, as a Date at noon. */
const localDay = (page: Page, offsetDays: number) =>
  page.evaluate((offset) => {
    const d = new Date();
    d.setHours(12, 0, 0, 0);
    d.setDate(d.getDate() + offset);
    return { iso: d.toISOString(), label: d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }), month: d.getMonth(), todayMonth: new Date().getMonth() };
  }, offsetDays);

test.describe("the gardener's day (status follows the care dates)", () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(GARDENER, '--role', 'user');
    page = await openPage();
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('adds a plant last watered four days ago, every 3 days', async ({ signIn, dismissToasts, mainNav }) => {
    await signIn(page, GARDENER.username, GARDENER.password);
    await dismissToasts(page);
    await mainNav(page).getByRole('link', { name: 'My Plants' }).click();
    // The dashboard has an Add New Plant button too: click the one of My Plants, not one that
    // the route change is about to unmount.
    await page.getByRole('heading', { level: 1, name: 'My Plants' }).waitFor();
    await page.getByRole('button', { name: 'Add New Plant' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Plant' });
    await add.getByLabel('Plant name').fill(PLANT);
    await add.getByLabel('Water every (days)').fill('3');
    // The dialog asks when it was last watered (today by default): four days ago. Tomorrow
    // cannot be picked.
    await add.getByRole('button', { name: /^Last watered/ }).click();
    const tomorrow = await localDay(page, 1);
    if (tomorrow.month === tomorrow.todayMonth) {
      await expect(page.getByRole('button', { name: tomorrow.label, exact: true })).toBeDisabled();
    }
    const day = await localDay(page, -4);
    if (day.month !== day.todayMonth) await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: day.label, exact: true }).click();
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/plants') && r.request().method() === 'POST'),
      add.getByRole('button', { name: 'Add Plant' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect((await created.json()).status).toBe('needs_water');
    await page.getByText('Plant added').first().waitFor();
    await add.waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: PLANT });
    await card.getByText('Needs Water').waitFor();
  });

  test('is Needs Water in the filter, on the dashboard and on the Schedule', async ({ tallShot, dismissToasts, mainNav, apiFromPage, assertNoSidewaysScroll, scrollThrough }) => {
    await dismissToasts(page);
    await page.getByLabel('Status').selectOption({ label: 'Needs Water' });
    await page.getByRole('article', { name: PLANT }).getByText('Needs Water').waitFor();
    const filtered = await apiFromPage(page, '/api/plants?status=needs_water');
    expect(filtered.body.map((p: { name: string }) => p.name)).toEqual([PLANT]);
    await tallShot(page, 'gardener-plants-desktop');
    await page.setViewportSize(PHONE);
    await assertNoSidewaysScroll(page, 'my plants');
    await tallShot(page, 'gardener-plants-phone');
    await page.setViewportSize(DESKTOP);

    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    const tiles = page.getByRole('region', { name: "Today's Plant Care" });
    await tiles.getByRole('link', { name: PLANT }).waitFor();
    // The week strip, below the fold, is drawn as the gardener scrolls to it.
    await scrollThrough(page);
    await page.getByRole('button', { name: `Water ${PLANT}, overdue: actions` }).waitFor();
    await tallShot(page, 'gardener-dashboard-desktop');
    await page.setViewportSize(PHONE);
    await assertNoSidewaysScroll(page, 'dashboard');
    await tallShot(page, 'gardener-dashboard-phone');
    await page.setViewportSize(DESKTOP);

    await mainNav(page).getByRole('link', { name: 'Schedule' }).click();
    // Overdue care is listed once, in the Schedule's Overdue group (one definition of due).
    const overdue = page.getByRole('region', { name: /Overdue/ });
    const due = overdue.getByRole('listitem', { name: `Water ${PLANT} (overdue)` });
    await due.getByRole('button', { name: `Water: Water ${PLANT}` }).waitFor();
    await tallShot(page, 'gardener-schedule-desktop');
    await page.setViewportSize(PHONE);
    await assertNoSidewaysScroll(page, 'schedule');
    await tallShot(page, 'gardener-schedule-phone');
    await page.setViewportSize(DESKTOP);
  });

  test('edits its location and growth', async ({ mainNav, dismissToasts }) => {
    await mainNav(page).getByRole('link', { name: 'My Plants' }).click();
    await page.getByRole('link', { name: PLANT }).first().click();
    await page.getByRole('heading', { level: 1, name: PLANT }).waitFor();
    await page.getByRole('button', { name: 'Edit Plant' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Plant' });
    await edit.getByLabel('Location').fill('Sunny sill');
    await edit.getByLabel('Growth progress (%)').fill('40');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Plant updated').first().waitFor();
    await page.getByText('Sunny sill').waitFor();
    await page.getByRole('region', { name: 'Growth progress' }).getByText('40%').first().waitFor();
    await dismissToasts(page);
  });

  test('waters it and sees it Healthy everywhere', async ({ tallShot, mainNav, apiFromPage, assertNoSidewaysScroll }) => {
    await page.getByRole('button', { name: 'Water Now' }).click();
    await page.getByText(`${PLANT} was watered.`).first().waitFor();
    await page.locator('.detail-hero__badges').getByText('Healthy').waitFor();
    await tallShot(page, 'gardener-details-desktop');
    await page.setViewportSize(PHONE);
    await assertNoSidewaysScroll(page, 'plant details');
    await tallShot(page, 'gardener-details-phone');
    await page.setViewportSize(DESKTOP);
    const water = await apiFromPage(page, '/api/plants?status=needs_water');
    expect(water.body).toEqual([]);
    const summary = await apiFromPage(page, '/api/dashboard/summary');
    expect(summary.body.reminders.watering).toEqual([]);
    await mainNav(page).getByRole('link', { name: 'My Plants' }).click();
    await page.getByLabel('Status').selectOption({ label: 'Healthy' });
    await page.getByRole('article', { name: PLANT }).getByText('Healthy').waitFor();
    expect(errors).toEqual([]);
  });
});
