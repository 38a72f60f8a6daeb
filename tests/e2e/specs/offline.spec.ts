// On a train without signal: a gardener whose app is installed opens a plant page never opened
// before (the service worker has every asset of the build, so the page itself opens and says it
// is offline), waters a plant offline (kept on the device with its time), and back online sees
// the page load and the watering saved at the time it was done.

import type { Page } from '@playwright/test';
import { test, expect, type Account } from '../fixtures';

const TRAVELLER: Account = { username: 'traveller', password: 'secret-pass-7' };

/** Creates a plant through the API with the page's token; answers its id. */
function createPlant(page: Page, name: string): Promise<number> {
  return page.evaluate(async (plantName) => {
    const response = await fetch('/api/plants', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: plantName, waterFrequency: 3, fertilizerFrequency: 30 }),
    });
    if (!response.ok) throw new Error(`create ${plantName}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: number }).id;
  }, name);
}

test.describe('offline (a gardener on a train)', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];
  let fern = 0;
  let ivy = 0;
  let wateredOfflineAt = 0;

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(TRAVELLER, '--role', 'user');
    // The service worker answers the page's requests itself, so the usual "stay on this
    // machine" routes are left out: this scenario never leaves the app's own address.
    page = await openPage({ stayLocal: false, serviceWorkers: 'allow' });
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('the app is ready for offline use after the first visit', async ({ signIn, dismissToasts }) => {
    await signIn(page, TRAVELLER.username, TRAVELLER.password);
    fern = await createPlant(page, 'Boston Fern');
    ivy = await createPlant(page, 'English Ivy');
    // The worker is active once it has cached the shell and every asset of the build.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.evaluate(
      () => navigator.serviceWorker.controller !== null || new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r)),
    );
    await page.getByRole('link', { name: 'My Plants' }).first().click();
    // The plant list's own cards: the dashboard's Your Plants links English Ivy too, and stays on
    // screen until the list's code and texts are in.
    await page.getByRole('heading', { level: 1, name: 'My Plants' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: /English Ivy/ }).first().waitFor();
    await dismissToasts(page);
  });

  test('offline, a plant page never opened before opens and says it is offline', async ({ shot }) => {
    await page.context().setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await page.getByRole('link', { name: /English Ivy/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/plants/${ivy}$`));
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('This plant has not been opened on this device yet')).toBeVisible();
    await expect(page.getByText(/Unable to preload/)).toHaveCount(0);
    await shot(page, 'offline-unvisited-plant');
  });

  test('back online, the page loads by itself', async () => {
    await page.context().setOffline(false);
    await expect(page.getByRole('heading', { name: 'English Ivy' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
  });

  test('a watering made offline is kept, then sent with the time it was done', async ({ shot, dismissToasts, apiFromPage }) => {
    await page.goto(`/plants/${fern}`);
    await expect(page.getByRole('heading', { name: 'Boston Fern' })).toBeVisible();
    await dismissToasts(page);
    await page.context().setOffline(true);
    wateredOfflineAt = Date.now();
    await page.getByRole('button', { name: 'Water Now' }).click();
    await expect(page.getByText('Saved on this device', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 change waits to be sent.' })).toBeVisible();
    await shot(page, 'offline-water-queued');

    // Some time on the train: the watering must keep its own time, not the time it is sent.
    await page.waitForTimeout(1500);
    await page.context().setOffline(false);
    await expect(page.getByText('The care you logged offline was saved.').first()).toBeVisible();
    const { status, body } = await apiFromPage(page, `/api/plants/${fern}/care?kind=water&limit=5`);
    expect(status).toBe(200);
    // A new plant's log starts with its first watering (source "import"); Water Now's is logged
    // as the completion of the watering task it records ("task").
    const items = ((body.items ?? body) as { source: string; at: string }[]).filter((e) => e.source !== 'import');
    expect(items).toHaveLength(1);
    const at = Date.parse(items[0]!.at);
    expect(Math.abs(at - wateredOfflineAt)).toBeLessThan(1500);
    const plant = await apiFromPage(page, `/api/plants/${fern}`);
    expect(Date.parse(plant.body.lastWatered)).toBe(at);
  });

  test('no uncaught errors', async () => {
    // Failed requests while offline are the browser's own log, not the app's errors.
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
  });
});
