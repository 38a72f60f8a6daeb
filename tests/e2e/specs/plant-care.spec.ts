// A gardener looks after a plant, end to end: adds it with a photo, waters it, schedules a
// recurring task and completes it, writes a journal entry, downloads its QR code, and finds it
// all on the dashboard, at desktop and phone width.

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, DESKTOP, PHONE, PHOTO, type Account } from '../fixtures';

const GROWER: Account = { username: 'grower', password: 'secret-pass-2' };

/** The browser's local calendar date, as the app computes "today". */
const localDateKey = (page: Page, offsetDays = 0) =>
  page.evaluate((offset) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, offsetDays);

/** "MMM d, yyyy" of a yyyy-MM-dd date, as the app prints it. */
function formatDay(key: string) {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

test.describe('plant care (a gardener with a new plant)', () => {
  test.describe.configure({ mode: 'serial' });
  let care: Page;
  let careErrors: string[];
  let plantId = 0;
  let today = '';

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(GROWER, '--role', 'user');
    care = await openPage({ acceptDownloads: true });
    careErrors = collectErrors(care);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('signs in to an empty dashboard', async ({ signIn, dismissToasts, scrollThrough }) => {
    await signIn(care, GROWER.username, GROWER.password);
    await dismissToasts(care);
    await scrollThrough(care);
    await care.getByRole('button', { name: 'Add Your First Plant' }).waitFor();
    await care.getByRole('button', { name: 'Create First Entry' }).waitFor();
    today = await localDateKey(care);
  });

  test('adds a plant with a photo', async ({ mainNav }) => {
    await mainNav(care).getByRole('link', { name: 'My Plants' }).click();
    await care.getByRole('heading', { name: 'No Plants Added Yet' }).waitFor();
    await care.getByRole('button', { name: 'Add New Plant' }).click();
    const dialog = care.getByRole('dialog', { name: 'Add New Plant' });
    await dialog.getByLabel('Plant name').fill('Sweet Basil');
    await dialog.getByLabel('Species').fill('Ocimum basilicum');
    await dialog.getByLabel('Location').fill('Kitchen window');
    await dialog.getByLabel('Light needs').selectOption('Full Sun');
    expect(await dialog.getByLabel('Water every (days)').inputValue()).toBe('7');
    expect(await dialog.getByLabel('Fertilize every (days)').inputValue()).toBe('30');
    const [upload] = await Promise.all([
      care.waitForResponse((r) => r.url().endsWith('/api/upload/image') && r.request().method() === 'POST'),
      dialog.getByLabel('Upload image file').setInputFiles(PHOTO),
    ]);
    expect(upload.status(), `upload answered ${upload.status()}`).toBe(201);
    await care.getByText('Image uploaded').first().waitFor();
    const preview = dialog.getByAltText('Preview of the chosen image');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f]+\.png$/);
    await care.waitForFunction(
      () => document.querySelector<HTMLImageElement>('img[alt="Preview of the chosen image"]')?.naturalWidth === 96,
    );
    const [response] = await Promise.all([
      care.waitForResponse((r) => r.url().endsWith('/api/plants') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Add Plant' }).click(),
    ]);
    expect(response.status()).toBe(201);
    plantId = (await response.json()).id;
    expect(plantId > 0).toBeTruthy();
    await care.getByText('Plant added').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = care.getByRole('article', { name: 'Sweet Basil' });
    await card.getByText('Kitchen window').waitFor();
    await card.getByText('Full Sun').waitFor();
    await care.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('img[alt="Sweet Basil"]')].some((img) => img.naturalWidth === 96),
    );
  });

  test('waters it on its page', async ({ tallShot, dismissToasts, assertNoSidewaysScroll, apiFromPage, garden }) => {
    await care.getByRole('link', { name: 'Sweet Basil' }).click();
    await care.waitForURL(`${garden.baseURL}/plants/${plantId}`);
    await care.getByRole('heading', { level: 1, name: 'Sweet Basil' }).waitFor();
    const watering = care.getByRole('region', { name: 'Watering schedule' });
    // Every new plant is on the schedule: last watered on the day it was added (issue 17).
    await watering.getByText(formatDay(today)).first().waitFor();
    await dismissToasts(care);
    await care.getByRole('button', { name: 'Water Now' }).click();
    await care.getByText('Sweet Basil was watered.').first().waitFor();
    await watering.getByText(formatDay(today)).first().waitFor();
    const history = care.getByRole('table');
    await history.getByRole('row', { name: new RegExp(`${formatDay(today)}.*Water.*Completed`) }).waitFor();
    const plant = await apiFromPage(care, `/api/plants/${plantId}`);
    expect(plant.body.lastWatered, 'lastWatered is set').toBeTruthy();
    expect(plant.body.nextWatering, 'nextWatering is set').toBeTruthy();
    await dismissToasts(care);
    await tallShot(care, 'plant-details-desktop');
    await care.setViewportSize(PHONE);
    await care.getByRole('button', { name: 'Water Now' }).waitFor();
    await assertNoSidewaysScroll(care, 'plant details');
    await tallShot(care, 'plant-details-phone');
    await care.setViewportSize(DESKTOP);
  });

  test('schedules a recurring task and completes it: the next one appears', async ({ tallShot, dismissToasts, assertNoSidewaysScroll, mainNav, apiFromPage }) => {
    await mainNav(care).getByRole('link', { name: 'Schedule' }).click();
    await care.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
    await care.getByRole('button', { name: 'Add Task' }).click();
    const dialog = care.getByRole('dialog', { name: 'Schedule a Care Task' });
    await dialog.getByLabel('Plant').selectOption({ label: 'Sweet Basil' });
    await dialog.getByLabel('Task type').selectOption('prune');
    expect(await dialog.getByLabel('Date').inputValue()).toBe(today);
    await dialog.getByLabel('Recurring task').check();
    await dialog.getByLabel('Repeat every X days').fill('3');
    await dialog.getByLabel('Notes').fill('Pinch the tips');
    await dialog.getByRole('button', { name: 'Schedule Task' }).click();
    await care.getByText('Task created').first().waitFor();
    const dayList = care.getByRole('region', { name: /^Tasks for / });
    const task = dayList.getByRole('listitem', { name: 'Prune Sweet Basil' });
    await task.getByText('Every 3 days').waitFor();
    await task.getByText('Pinch the tips').waitFor();
    await task.getByRole('button', { name: 'Complete' }).click();
    await care.getByText('Task completed').first().waitFor();
    await task.getByText(`Completed: ${formatDay(today)}`).waitFor();
    expect(await task.getByRole('button', { name: 'Complete' }).count()).toBe(0);

    const next = await localDateKey(care, 3);
    const day = await apiFromPage(care, `/api/care-tasks/date/${next}`);
    const real = day.body.filter((t: { taskType: string; id: number | null; projected?: boolean }) => t.taskType === 'prune' && t.id !== null && !t.projected);
    expect(real.length, `a real next task on ${next}: ${JSON.stringify(day.body)}`).toBe(1);
    await care.getByRole('button', { name: 'Day', exact: true }).click();
    for (let i = 0; i < 3; i++) await care.getByRole('button', { name: 'Next day', exact: true }).click();
    const upcoming = dayList.getByRole('listitem', { name: 'Prune Sweet Basil' });
    await upcoming.getByRole('button', { name: 'Complete' }).waitFor();
    // Its own repeats are projected, read-only, three days later again.
    for (let i = 0; i < 3; i++) await care.getByRole('button', { name: 'Next day', exact: true }).click();
    const projected = dayList.getByRole('listitem', { name: 'Prune Sweet Basil (upcoming repeat)' });
    await projected.getByText('Upcoming repeat').waitFor();
    expect(await projected.getByRole('button').count()).toBe(0);

    await care.getByRole('button', { name: 'Today', exact: true }).click();
    await care.getByRole('button', { name: 'Month', exact: true }).click();
    await dismissToasts(care);
    await tallShot(care, 'schedule-month-desktop');
    await care.setViewportSize(PHONE);
    await care.getByRole('button', { name: 'Add Task' }).waitFor();
    await assertNoSidewaysScroll(care, 'schedule');
    await tallShot(care, 'schedule-month-phone');
    await care.setViewportSize(DESKTOP);
  });

  test('writes a journal entry', async ({ mainNav, apiFromPage }) => {
    await mainNav(care).getByRole('link', { name: 'Journal' }).click();
    await care.getByRole('heading', { name: 'No Journal Entries Yet' }).waitFor();
    await care.getByRole('button', { name: 'Add Journal Entry' }).click();
    const dialog = care.getByRole('dialog', { name: 'Add Journal Entry' });
    await dialog.getByLabel('Plant').selectOption({ label: 'Sweet Basil' });
    await dialog.getByLabel('Title').fill('First true leaves');
    await dialog.getByLabel('Growth stage').selectOption('Seedling');
    await dialog.getByLabel('Notes').fill('Two pairs of true leaves, bright green and fragrant.');
    await dialog.getByRole('button', { name: 'Save Entry' }).click();
    await care.getByText('Journal entry added').first().waitFor();
    const card = care.getByRole('article', { name: 'First true leaves' });
    await card.getByText('Seedling').waitFor();
    const long = new Date(`${today}T12:00:00`).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    await card.getByText(long).waitFor();
    const entries = await apiFromPage(care, `/api/plants/${plantId}/journal-entries`);
    expect(entries.body.length).toBe(1);
    expect(entries.body[0].growthStage).toBe('Seedling');
  });

  test('opens the QR page and downloads the SVG', async ({ garden }) => {
    await care.goto(`${garden.baseURL}/plants/${plantId}`);
    await care.getByRole('link', { name: 'Generate QR Code' }).click();
    await care.waitForURL(`${garden.baseURL}/plants/${plantId}/qrcode`);
    const image = care.getByAltText('QR code for Sweet Basil');
    await image.waitFor();
    expect(Math.round((await image.boundingBox())!.width)).toBe(200);
    const [download] = await Promise.all([
      care.waitForEvent('download'),
      care.getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`plant-${plantId}-sweet-basil-qrcode.svg`);
    const file = test.info().outputPath('download.svg');
    await download.saveAs(file);
    const svg = await readFile(file, 'utf8');
    expect(svg, 'the download is an SVG document').toMatch(/<svg[\s>]/);
    expect(svg).toMatch(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const [png] = await Promise.all([
      care.waitForEvent('download'),
      care.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe(`plant-${plantId}-sweet-basil-qrcode.png`);
    await care.getByRole('link', { name: 'Back to plant details' }).waitFor();
  });

  test('the dashboard shows the plant, the week, the journey and the statistics', async ({ tallShot, dismissToasts, assertNoSidewaysScroll, mainNav, garden, scrollThrough }) => {
    await mainNav(care).getByRole('link', { name: 'Dashboard' }).click();
    await care.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
    await scrollThrough(care);
    const plants = care.getByRole('region', { name: 'Your Plants' });
    await plants.getByText('Sweet Basil').waitFor();
    const journey = care.getByRole('region', { name: 'Growth Journey' });
    await journey.getByRole('link', { name: 'First true leaves' }).waitFor();
    const stats = care.getByRole('region', { name: 'Care Statistics' });
    await stats.getByRole('link', { name: 'Sweet Basil' }).waitFor();
    const water = stats.getByRole('listitem').filter({ hasText: 'Water' });
    expect(await water.innerText()).toMatch(/1\s*$/);
    await dismissToasts(care);
    await tallShot(care, 'dashboard-garden-desktop');
    await care.setViewportSize(PHONE);
    await care.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
    await assertNoSidewaysScroll(care, 'dashboard');
    await tallShot(care, 'dashboard-garden-phone');
    for (const route of ['/plants', '/journal', `/plants/${plantId}/qrcode`]) {
      await care.goto(`${garden.baseURL}${route}`);
      await care.waitForLoadState('networkidle');
      await assertNoSidewaysScroll(care, route);
    }
    await care.setViewportSize(DESKTOP);
  });

  test('no uncaught errors or console errors', async () => {
    expect(careErrors).toEqual([]);
  });

});
