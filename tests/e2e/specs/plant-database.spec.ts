// The seed-store import and the plant database: an admin runs the import from the fixture seed
// store (tests/fixturestore) and sees its progress and results, adds a plant by hand and
// changes the import schedule; a gardener browses the database, adds a plant to My Plants and
// opens a species page. The store's product images live on a CDN the test machine cannot
// reach: the main images answer 404 and the packet pictures a real PNG, so the pages show that
// images fall back to the alternatives.

import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, DESKTOP, PHONE, PHOTO, type Account } from '../fixtures';

const CURATOR: Account = { username: 'curator', password: 'secret-pass-3' };
const PICKER: Account = { username: 'picker', password: 'secret-pass-4' };
/** What the fixture seed store offers: 38 "(PP)" products, one of which cannot be read. */
const STORE_PLANTS = 37;
const STORE_FAILURES = 1;

/** Each main image answers 404 and the first alternative (the packet picture) a real PNG. */
async function routeStoreImages(context: BrowserContext) {
  const png = await readFile(PHOTO);
  await context.route('https://cdn.shopify.com/**', (route) => {
    const url = route.request().url();
    if (/-packet_800x\.jpg\?v=/.test(url)) return route.fulfill({ status: 200, contentType: 'image/png', body: png });
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
  });
}

/** What the page showed while the import ran (see watchImport). */
interface ImportSeen {
  importing: boolean;
  progress: boolean;
  maxDone: number;
  total: number;
}

/**
 * Watches the page for the import's running state: the "Importing..." button and the
 * progress bar (with the highest done/total it showed).
 */
function watchImport(page: Page) {
  return page.evaluate(() => {
    const seen = { importing: false, progress: false, maxDone: 0, total: 0 };
    (window as unknown as { __importSeen: ImportSeen }).__importSeen = seen;
    const look = () => {
      if ([...document.querySelectorAll('button')].some((b) => b.textContent?.includes('Importing...'))) seen.importing = true;
      const bar = document.querySelector('[role="progressbar"][aria-label="Import progress"]');
      if (bar) {
        seen.progress = true;
        const text = bar.getAttribute('aria-valuetext') || '';
        const match = /^(\d+) of (\d+)/.exec(text);
        if (match) {
          seen.maxDone = Math.max(seen.maxDone, Number(match[1]));
          seen.total = Number(match[2]);
        }
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    look();
  });
}

test.describe('seed-store import (an admin) and the plant database (a gardener)', () => {
  test.describe.configure({ mode: 'serial' });
  let curator: Page;
  let picker: Page;
  let curatorErrors: string[];
  let pickerErrors: string[];
  let basilId = 0;

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(CURATOR, '--role', 'admin');
    await createUser(PICKER, '--role', 'user');
    curator = await openPage({ stayLocal: false });
    await routeStoreImages(curator.context());
    curatorErrors = collectErrors(curator);
    picker = await openPage({ stayLocal: false });
    await routeStoreImages(picker.context());
    pickerErrors = collectErrors(picker);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('the Ecommerce entry opens the import tab with the store plants and its failure', async ({ signIn, tallShot, dismissToasts, assertNoSidewaysScroll, mainNav, garden }) => {
    expect(garden.catalogueURL, 'the fixture seed store is running (FIXTURESTORE_BIN)').toBeTruthy();
    await signIn(curator, CURATOR.username, CURATOR.password);
    await dismissToasts(curator);
    const admin = mainNav(curator).getByRole('region', { name: 'Administration' });
    await admin.getByRole('link', { name: 'Ecommerce' }).click();
    await curator.waitForURL(`${garden.baseURL}/admin/plant-database?tab=ecommerce`);
    await curator.getByRole('tab', { name: 'Ecommerce Import', selected: true }).waitFor();
    // Issue 27: the navigation lights Ecommerce on its tab, not Plant Database.
    expect(await admin.getByRole('link', { name: 'Ecommerce' }).getAttribute('aria-current')).toBe('page');
    expect(await admin.getByRole('link', { name: 'Plant Database' }).getAttribute('aria-current')).toBe(null);
    const table = curator.getByRole('table', { name: 'Remote plants' });
    await table.waitFor();
    await curator.getByText(`${STORE_PLANTS} plants offered by the seed store`).waitFor();
    expect(await table.getByRole('row').count(), 'ten rows a page by default').toBe(1 + 10);
    await curator.getByLabel('Rows per page').selectOption({ label: 'All' });
    await curator.getByText(`1–${STORE_PLANTS} of ${STORE_PLANTS} · Page 1 of 1`).waitFor();
    expect(await table.getByRole('row').count()).toBe(1 + STORE_PLANTS);
    const box = (await curator.locator('.table-wrap--scroll').boundingBox())!;
    expect(box.height <= 402, `the table scrolls within 400px (${box.height}px)`).toBeTruthy();
    const failures = curator.getByRole('list', { name: 'Store failures' });
    expect(await failures.getByRole('listitem').count()).toBe(STORE_FAILURES);
    await failures.getByText('Mystery Herb Mix (PP)').waitFor();
    await table.getByRole('cell', { name: "Sweet Basil 'Genovese'" }).waitFor();
    await curator.getByLabel('Rows per page').selectOption({ label: '10' });
    await tallShot(curator, 'admin-ecommerce-desktop');
    await curator.setViewportSize(PHONE);
    await curator.getByRole('button', { name: 'Run Import' }).waitFor();
    await assertNoSidewaysScroll(curator, 'ecommerce tab');
    await tallShot(curator, 'admin-ecommerce-phone');
    await curator.setViewportSize(DESKTOP);
  });

  test('runs the import: Importing... and the progress bar, then 37 added and 1 failed', async ({ tallShot, dismissToasts, assertNoSidewaysScroll, apiFromPage }) => {
    await watchImport(curator);
    const [response] = await Promise.all([
      curator.waitForResponse(
        (r) => r.url().endsWith('/api/ecommerce/import-plants') && r.request().method() === 'POST',
        { timeout: 14_000 },
      ),
      curator.getByRole('button', { name: 'Run Import' }).click(),
    ]);
    expect(response.status(), `import answered ${response.status()}`).toBe(200);
    const results = curator.getByRole('region', { name: 'Import Results' });
    await results.waitFor();
    const seen = await curator.evaluate(() => (window as unknown as { __importSeen: ImportSeen }).__importSeen);
    expect(seen.importing, 'the button read Importing... while the import ran').toBeTruthy();
    console.log(
      `    (progress bar ${seen.progress ? `shown${seen.total ? `, up to ${seen.maxDone} of ${seen.total}` : ', before the total was known'}` : 'not caught: the import was quicker than a poll'})`,
    );
    await curator.getByText('Import Successful').first().waitFor();
    await curator.getByText(`${STORE_PLANTS} added, 0 updated, ${STORE_FAILURES} failed`).first().waitFor();
    const count = async (label: string) =>
      (await results.locator('.import-count').filter({ hasText: label }).locator('dd').innerText()).trim();
    expect(await count('Added')).toBe(String(STORE_PLANTS));
    expect(await count('Failed')).toBe(String(STORE_FAILURES));
    expect(await count('Updated')).toBe('0');
    const details = results.getByRole('list', { name: 'Import details' });
    expect(await details.getByRole('listitem').count()).toBe(STORE_PLANTS + STORE_FAILURES);
    await details.getByRole('listitem').filter({ hasText: 'Mystery Herb Mix (PP)' }).getByText('Failed').waitFor();
    const items = await apiFromPage(curator, '/api/plant-database');
    // Items other scenarios add by hand meanwhile (every-page.spec.ts) are "manual": count the store's.
    expect(items.body.filter((item: { source: string }) => item.source === 'import').length).toBe(STORE_PLANTS);
    basilId = items.body.find((item: { id: number; commonName: string }) => item.commonName === "Sweet Basil 'Genovese'")?.id;
    expect(basilId > 0, 'Sweet Basil was imported').toBeTruthy();
    await dismissToasts(curator);
    await tallShot(curator, 'admin-ecommerce-results-desktop');
    await curator.setViewportSize(PHONE);
    await assertNoSidewaysScroll(curator, 'import results');
    await tallShot(curator, 'admin-ecommerce-results-phone');
    await curator.setViewportSize(DESKTOP);
  });

  test('the list tab shows the imported plants; a plant added by hand is Manual', async ({ shot, tallShot, dismissToasts, assertNoSidewaysScroll, garden }) => {
    await curator.getByRole('tab', { name: 'Plant List' }).click();
    await curator.waitForURL(`${garden.baseURL}/admin/plant-database?tab=list`);
    const table = curator.getByRole('table', { name: 'Plant database items' });
    await table.waitFor();
    // every-page.spec.ts may add a Manual item to the same database meanwhile: count the imported rows.
    await expect(table.getByRole('row').filter({ hasText: 'Imported' })).toHaveCount(STORE_PLANTS);
    const basil = table.getByRole('row').filter({ hasText: "Sweet Basil 'Genovese'" });
    await basil.getByText('Imported').waitFor();
    await curator.getByRole('link', { name: 'Add Plant' }).first().click();
    await curator.waitForURL(`${garden.baseURL}/admin/plants/new`);
    await curator.getByLabel('Common name').fill('Lemon Thyme');
    expect(await curator.getByLabel('Slug').inputValue()).toBe('lemon-thyme');
    await curator.getByLabel('Scientific name').fill('Thymus citriodorus');
    await curator.getByLabel('Water requirements').fill('Low');
    await curator.getByRole('button', { name: 'Named parts' }).click();
    await curator.getByLabel('Watering').fill('Let the soil dry between waterings');
    await tallShot(curator, 'admin-plant-form-desktop');
    await curator.setViewportSize(PHONE);
    await assertNoSidewaysScroll(curator, 'plant form');
    await tallShot(curator, 'admin-plant-form-phone');
    await curator.setViewportSize(DESKTOP);
    await curator.getByRole('button', { name: 'Add Plant' }).click();
    await curator.waitForURL(`${garden.baseURL}/admin/plant-database?tab=list`);
    await curator.getByText('Plant database item created successfully').first().waitFor();
    await table.getByRole('row').filter({ hasText: 'Lemon Thyme' }).getByText('Manual').waitFor();
    await dismissToasts(curator);
    await tallShot(curator, 'admin-list-desktop');
    await curator.setViewportSize(PHONE);
    await assertNoSidewaysScroll(curator, 'list tab');
    await shot(curator, 'admin-list-phone');
    await curator.setViewportSize(DESKTOP);
  });

  test('changes the daily import time on the schedule tab and sees it saved', async ({ tallShot, dismissToasts, assertNoSidewaysScroll, apiFromPage, garden }) => {
    await curator.getByRole('tab', { name: 'Import Schedule' }).click();
    await curator.waitForURL(`${garden.baseURL}/admin/plant-database?tab=schedule`);
    const history = curator.getByRole('table', { name: 'Import history' });
    await history.getByRole('row').filter({ hasText: 'Success' }).filter({ hasText: 'Manual' }).waitFor();
    const card = curator.getByRole('region', { name: 'Import Schedule' });
    await card.getByText('Enabled', { exact: true }).waitFor();
    expect(await curator.getByLabel('Daily import time').inputValue()).toBe('01:30');
    await curator.getByLabel('Daily import time').fill('04:15');
    await curator.getByRole('button', { name: 'Save Time' }).click();
    await curator.getByText('The import schedule has been updated successfully.').first().waitFor();
    await card.locator('.admin-facts__time').getByText('04:15').waitFor();
    const schedule = await apiFromPage(curator, '/api/ecommerce/schedule');
    expect(schedule.body.time).toBe('04:15');
    expect(schedule.body.cronTime).toBe('0 15 4 * * *');
    await curator.reload();
    expect(await curator.getByLabel('Daily import time').inputValue()).toBe('04:15');
    await dismissToasts(curator);
    await tallShot(curator, 'admin-schedule-desktop');
    await curator.setViewportSize(PHONE);
    await curator.getByLabel('Daily import time').waitFor();
    await assertNoSidewaysScroll(curator, 'schedule tab');
    await tallShot(curator, 'admin-schedule-phone');
    await curator.setViewportSize(DESKTOP);
  });

  test('a gardener finds an imported plant on /plant-database and adds it to My Plants', async ({ signIn, tallShot, dismissToasts, assertNoSidewaysScroll, mainNav, garden }) => {
    await signIn(picker, PICKER.username, PICKER.password);
    await dismissToasts(picker);
    await mainNav(picker).getByRole('link', { name: 'Plant Database' }).click();
    await picker.waitForURL(`${garden.baseURL}/plant-database`);
    await picker.getByRole('heading', { level: 1, name: 'Plant Database' }).waitFor();
    const grid = picker.getByRole('list', { name: 'Plant database' });
    await grid.getByRole('article').first().waitFor();
    // The server pages the list: 24 cards, then Load more reads the rest.
    expect(await grid.getByRole('article').count()).toBe(24);
    await picker.getByRole('button', { name: 'Load more' }).click();
    await expect(picker.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // The store's plants and Lemon Thyme, and any item every-page.spec.ts adds meanwhile.
    await grid.getByRole('article', { name: 'Lemon Thyme' }).waitFor();
    expect(await grid.getByRole('article').count()).toBeGreaterThanOrEqual(STORE_PLANTS + 1);
    // The main images answer 404: the cards fall back to the packet picture.
    await picker.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(`img[alt="Beetroot 'Boltardy'"]`);
      return img?.naturalWidth === 96 && img.src.includes('beetroot-boltardy-pp-packet_800x.jpg');
    });
    await dismissToasts(picker);
    await tallShot(picker, 'plant-database-desktop');
    await picker.getByRole('tab', { name: 'Vegetables' }).click();
    await picker.waitForURL(`${garden.baseURL}/plant-database?category=vegetables`);
    await picker.getByLabel('Search the plant database').fill('carrot');
    const carrot = grid.getByRole('article', { name: "Carrot 'Nantes 2'" });
    await carrot.getByText('Daucus carota').waitFor();
    await expect(grid.getByRole('article')).toHaveCount(1); // the server's answer to the search
    // One click opens a small dialog asking when it was last watered and fertilized (today).
    await carrot.getByRole('button', { name: 'Add to My Plants' }).click();
    const ask = picker.getByRole('dialog', { name: "Add Carrot 'Nantes 2' to My Plants" });
    await ask.getByRole('button', { name: /^Last watered/ }).waitFor();
    const [response] = await Promise.all([
      picker.waitForResponse((r) => r.url().endsWith('/api/plants') && r.request().method() === 'POST'),
      ask.getByRole('button', { name: 'Add to My Plants' }).click(),
    ]);
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON();
    expect(sent.waterFrequency, 'Moderate water: every 7 days').toBe(7);
    expect(sent.fertilizerFrequency).toBe(30);
    expect(sent.plantDatabaseId > 0).toBeTruthy();
    const plant = await response.json();
    expect(plant.name).toBe("Carrot 'Nantes 2'");
    expect(plant.species).toBe('Daucus carota');
    expect(plant.plantType).toBe('Vegetables');
    expect(sent.lastWatered, 'watered today: on the schedule').toBeTruthy();
    await picker.getByText('Plant added').first().waitFor();
    await carrot.getByRole('link', { name: "Edit Carrot 'Nantes 2'" }).waitFor();
    await picker.setViewportSize(PHONE);
    await picker.getByRole('combobox', { name: 'Plant category' }).waitFor();
    await assertNoSidewaysScroll(picker, 'plant database');
    await picker.getByLabel('Search the plant database').fill('');
    await dismissToasts(picker);
    await picker.evaluate(() => window.scrollTo(0, 0));
    await tallShot(picker, 'plant-database-phone');
    await picker.setViewportSize(DESKTOP);
    await mainNav(picker).getByRole('link', { name: 'My Plants' }).click();
    const card = picker.getByRole('article', { name: "Carrot 'Nantes 2'" });
    await card.getByText('Vegetables').waitFor();
    await card.getByText('Full Sun').waitFor();
  });

  test('the species page: fallback image, Purchase Seeds, description and requirements; back to the tab', async ({ tallShot, assertNoSidewaysScroll, garden }) => {
    await picker.goto(`${garden.baseURL}/plant-database?category=herbs`);
    const basil = picker.getByRole('article', { name: "Sweet Basil 'Genovese'" });
    await basil.getByRole('link', { name: 'Details' }).click();
    await picker.waitForURL(`${garden.baseURL}/plant-database/${basilId}`);
    await picker.getByRole('heading', { level: 1, name: "Sweet Basil 'Genovese'" }).waitFor();
    const seeds = picker.getByRole('link', { name: 'Purchase Seeds' });
    expect(await seeds.getAttribute('href')).toBe(`${garden.catalogueURL}/products/sweet-basil-genovese-pp`);
    expect(await seeds.getAttribute('target')).toBe('_blank');
    expect(await seeds.getAttribute('rel')).toMatch(/noopener/);
    const about = picker.getByRole('region', { name: 'About this plant' });
    await about.getByRole('heading', { name: 'Growing information' }).waitFor();
    const needs = picker.getByRole('region', { name: 'Growing Requirements' });
    await needs.getByText('Keep moist').waitFor();
    await needs.getByText('Every two weeks').waitFor();
    await picker.waitForFunction(() =>
      [...document.querySelectorAll('img')].some((img) => img.naturalWidth === 96 && img.src.includes('-packet_800x.jpg')),
    );
    await tallShot(picker, 'plant-database-detail-desktop');
    await picker.setViewportSize(PHONE);
    await assertNoSidewaysScroll(picker, 'plant database detail');
    await tallShot(picker, 'plant-database-detail-phone');
    await picker.setViewportSize(DESKTOP);
    await picker.getByRole('link', { name: 'Back to Plant Database' }).click();
    await picker.waitForURL(`${garden.baseURL}/plant-database?category=herbs`);
    await picker.goto(`${garden.baseURL}/plant-database/999999`);
    await picker.getByRole('heading', { level: 1, name: 'Plant Not Found' }).waitFor();
  });

  test('the dashboard highlights link to the database pages', async ({ mainNav, garden, scrollThrough }) => {
    await mainNav(picker).getByRole('link', { name: 'Dashboard' }).click();
    await picker.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
    await scrollThrough(picker);
    const highlights = picker.getByRole('region', { name: 'Plant Database Highlights' });
    const first = highlights.getByRole('listitem').first().getByRole('link');
    expect(await first.getAttribute('href')).toMatch(/^\/plant-database\/\d+$/);
    await first.click();
    await picker.waitForURL(/\/plant-database\/\d+$/);
    await picker.getByRole('button', { name: 'Add to My Plants' }).waitFor();
    await picker.goBack();
    await highlights.getByRole('link', { name: /Browse Database/ }).click();
    await picker.waitForURL(`${garden.baseURL}/plant-database`);
  });

  test('no uncaught errors or console errors', async () => {
    expect(curatorErrors).toEqual([]);
    expect(pickerErrors).toEqual([]);
  });
});
