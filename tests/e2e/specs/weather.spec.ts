// Care that adapts (issue #24): a gardener logs waterings, switches a plant to the learned
// rhythm and sees the interval and why; then sets the garden's location, a rain day arrives
// (the fake Open-Meteo server of the global setup, GARDEN_WEATHER_URL), the weather job runs,
// and the outdoor plant is watered by the rain on the dashboard and in its log.

import type { Page } from '@playwright/test';
import { test, expect, type Account } from '../fixtures';

const GARDENER: Account = { username: 'rain-gardener', password: 'secret-pass-24' };

/** The browser's local calendar date moved by offset days, as the date inputs take it. */
const localDateKey = (page: Page, offsetDays = 0) =>
  page.evaluate((offset) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, offsetDays);

async function addPlant(page: Page, name: string, waterEvery: string, outdoor: boolean): Promise<number> {
  await page.goto('/plants');
  await page.getByRole('button', { name: /Add (New|Your First) Plant/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Plant' });
  await dialog.getByLabel('Plant name').fill(name);
  await dialog.getByLabel('Water every (days)').fill(waterEvery);
  if (outdoor) await dialog.getByRole('checkbox', { name: 'Grows outdoors' }).click();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/plants') && r.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Add Plant' }).click(),
  ]);
  expect(response.status()).toBe(201);
  const body = await response.json();
  expect(body.outdoor).toBe(outdoor);
  await dialog.waitFor({ state: 'detached' });
  return body.id as number;
}

test.describe('care that adapts: learned rhythm and the rain at the garden', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(GARDENER, '--role', 'user');
    page = await openPage();
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('logs waterings, switches to the learned rhythm and sees why', async ({ signIn, dismissToasts, bothWidths, apiFromPage }) => {
    await signIn(page, GARDENER.username, GARDENER.password);
    await dismissToasts(page);
    const fern = await addPlant(page, 'Fern', '7', false);
    await page.goto(`/plants/${fern}`);
    const log = page.getByRole('region', { name: 'Care log' });
    // Three earlier waterings, four days apart (the plant was watered today when added).
    for (const days of [-12, -8, -4]) {
      await log.getByRole('button', { name: 'Log care' }).click();
      const form = log.getByRole('form', { name: 'Log care' });
      await form.getByLabel('Kind').selectOption('water');
      await form.getByLabel('Date').fill(await localDateKey(page, days));
      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(`/api/plants/${fern}/care`) && r.request().method() === 'POST'),
        form.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect(saved.status()).toBe(201);
      await form.waitFor({ state: 'detached' });
    }
    const watering = page.getByRole('region', { name: 'Watering schedule' });
    await expect(watering.getByText('Fixed schedule. Every 4 days, learned from your last 4 waterings.')).toBeVisible();
    await watering.getByRole('button', { name: 'Use learned rhythm' }).click();
    await expect(watering.getByText('Every 4 days, learned from your last 4 waterings')).toBeVisible();
    // In the garden's winter (the default hemisphere is the north's, and no location is set
    // yet) the learned rhythm is stretched and the page says so; out of it, it is used as is.
    const { body: plant } = await apiFromPage(page, `/api/plants/${fern}`);
    expect(plant.suggestedWaterFrequency).toBe(4);
    const every = plant.effectiveWaterFrequency as number;
    if (plant.seasonFactor > 1) {
      expect(every).toBe(Math.round(4 * plant.seasonFactor));
      await expect(watering.getByText(`Winter rhythm: every ${every} days instead of 4`)).toBeVisible();
    } else {
      expect(every).toBe(4);
      await expect(watering.getByText(/Winter rhythm/)).toHaveCount(0);
    }
    await expect(watering.getByText(`Every ${every} days`, { exact: true })).toBeVisible();
    await expect(watering.getByRole('button', { name: 'Use fixed schedule' })).toBeVisible();
    await dismissToasts(page);
    await bothWidths(page, 'weather-learned-rhythm');
  });

  test('sets the garden location with the place search', async ({ bothWidths, dismissToasts }) => {
    await page.goto('/settings');
    await page.getByLabel('Find your place').fill('Leeds');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('list', { name: 'Places found' }).getByRole('button', { name: /Leeds, England, United Kingdom/ }).click();
    const form = page.getByRole('form', { name: 'Garden and weather' });
    await expect(form.getByLabel('Latitude')).toHaveValue('53.8');
    await expect(form.getByLabel('Longitude')).toHaveValue('-1.55');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PATCH'),
      form.getByRole('button', { name: 'Save Garden' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    expect((await saved.json()).gardenLocation).toEqual({ name: 'Leeds, England, United Kingdom', latitude: 53.8, longitude: -1.55 });
    await page.getByText('Settings saved').first().waitFor();
    await dismissToasts(page);
    await bothWidths(page, 'weather-settings');
  });

  test('a rain day waters the outdoor plant, on the dashboard and in its log', async ({ garden, gardenctl, bothWidths, dismissToasts }) => {
    // Watered today when added, every day: due tomorrow, so today's rain waters it.
    const bean = await addPlant(page, 'Runner Bean', '1', true);
    const set = await fetch(`${garden.weatherURL}/__days`, {
      method: 'POST',
      body: JSON.stringify([
        { offset: -1, mm: 0, min: 9, max: 17 },
        { offset: 0, mm: 12.5, min: 8, max: 14 },
        { offset: 1, mm: 2, min: 7, max: 15 },
        { offset: 2, mm: 0, min: 8, max: 18 },
      ]),
    });
    expect(set.ok).toBeTruthy();
    const out = await gardenctl('jobs', 'run', 'weather');
    expect(out).toContain('rain watered');

    await page.goto('/');
    const card = page.getByRole('region', { name: 'Weather at Your Garden' });
    await expect(card.getByText('Leeds, England, United Kingdom')).toBeVisible();
    await expect(card.getByText('Rain · 12.5 mm')).toBeVisible();
    await expect(card.getByText(/^Rain watered \d+ outdoor plants?$/)).toBeVisible();
    await dismissToasts(page);
    await bothWidths(page, 'weather-dashboard');

    await page.goto(`/plants/${bean}`);
    const entries = page.getByRole('list', { name: 'Care log entries' });
    await expect(entries.getByRole('listitem').first()).toContainText('Rain');
    await expect(entries.getByRole('listitem').first()).toContainText('Rain at the garden');
    expect(errors).toEqual([]);
  });
});
