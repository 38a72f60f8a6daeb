// The `test` every browser spec imports: @playwright/test's, extended with the server the
// global setup started and the helpers the scenarios share. Helpers are worker-scoped fixtures,
// so they can be used in tests and in beforeAll/afterAll alike.
//
//   import { test, expect, DESKTOP, PHONE } from '../fixtures';
//
// See tests/e2e/README.md, "How to add a browser scenario".

import path from 'node:path';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type BrowserContext,
} from '@playwright/test';
import type { GardenServer } from './global-setup';
import { E2E_DIR, runGardenctl } from './support/server';

export { expect };

/** Desktop width. */
export const DESKTOP = { width: 1280, height: 800 };
/** Phone width. */
export const PHONE = { width: 375, height: 800 };
/** Where screenshots go (tests/e2e/screenshots/<name>.png). */
export const SHOTS = path.join(E2E_DIR, 'screenshots');
/** A small PNG (96 px wide) to upload. */
export const PHOTO = path.join(E2E_DIR, 'fixtures', 'basil.png');

/** The running server (see global-setup.ts). */
export type Garden = GardenServer;

/** A user name and password. */
export interface Account {
  username: string;
  password: string;
}

/** Options of openPage: a browser context's options, and whether to stay on this machine. */
export type OpenPageOptions = BrowserContextOptions & {
  /**
   * true (the default): every request outside the app answers 404 (which collectErrors does
   * not count), so pages showing the seed store's CDN images work offline. false: leave the
   * network alone (a spec then routes what it needs itself).
   */
  stayLocal?: boolean;
  /** The browser to open it in (default: the worker's, launched as the config says). */
  browser?: Browser;
  /** Runs on the new context before the page opens (init scripts, routes). */
  init?: (context: BrowserContext) => Promise<unknown>;
};

type WorkerFixtures = {
  /** The server of this run: baseURL, apiURL, adminPassword, catalogueURL. */
  garden: Garden;
  /** Runs `gardenctl <args>` on the server's data (users create, sites create …); returns stdout. */
  gardenctl: (...args: string[]) => Promise<string>;
  /**
   * Creates a user with `gardenctl users create --username … --password … <flags>` and returns
   * its id. When the user exists already (a spec's beforeAll runs again in a fresh worker after
   * a failure), returns the existing user's id.
   */
  createUser: (account: Account, ...flags: string[]) => Promise<number>;
  /**
   * A page in a fresh browser context at desktop width, with a 10 s default timeout, the
   * server as baseURL and (by default) every other address answering 404. Close the pages of
   * a spec file with closePages in afterAll.
   */
  openPage: (options?: OpenPageOptions) => Promise<Page>;
  /** Closes every context openPage opened in this worker. */
  closePages: () => Promise<void>;
  /** Signs in on /auth and waits for the dashboard. */
  signIn: (page: Page, username: string, password: string) => Promise<void>;
  /** A screenshot of the window (or the full page) to tests/e2e/screenshots/<name>.png. */
  shot: (page: Page, name: string, options?: { fullPage?: boolean }) => Promise<void>;
  /**
   * A screenshot of the whole page with the window as tall as the page, so that fixed parts
   * (sidebar, bottom bar) sit where they belong instead of cutting through a full-page capture.
   */
  tallShot: (page: Page, name: string) => Promise<void>;
  /**
   * Scrolls down a window at a time to the page's end and back to the top, as a reader would:
   * sections drawn as their place comes near the window (the dashboard's below the fold) are
   * then there to find.
   */
  scrollThrough: (page: Page) => Promise<void>;
  /**
   * Desktop and phone screenshots (<name>-desktop, <name>-phone) of the page as it is, toasts
   * closed and scrolled to the top, failing when the phone width scrolls sideways.
   */
  bothWidths: (page: Page, name: string) => Promise<void>;
  /** Closes open toasts so that screenshots show the page itself. */
  dismissToasts: (page: Page) => Promise<void>;
  /**
   * Starts collecting uncaught exceptions and console errors and warnings (except the
   * browser's own log of 4xx answers); assert the list is empty at the end of a scenario.
   */
  collectErrors: (page: Page) => string[];
  /** Fails when the page scrolls sideways. */
  assertNoSidewaysScroll: (page: Page, what: string) => Promise<void>;
  /** The sidebar navigation. */
  mainNav: (page: Page) => Locator;
  /** Calls the API from the page with its stored token: status and JSON body. */
  apiFromPage: (page: Page, url: string) => Promise<{ status: number; body: any }>;
};

async function signIn(page: Page, baseURL: string, username: string, password: string) {
  await page.goto(`${baseURL}/auth`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([
    page.waitForURL(`${baseURL}/`, { waitUntil: 'load' }),
    page.getByRole('button', { name: 'Log in' }).click(),
  ]);
  await page.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
}

async function shot(page: Page, name: string, { fullPage = false } = {}) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

export async function scrollThrough(page: Page) {
  // At most 30 windows: a page that keeps growing as it is read (none does yet) still ends.
  for (let i = 0; i < 30; i++) {
    const more = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      // Two frames: the observers see the new position and React draws what they let in.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 1;
    });
    if (!more) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function tallShot(page: Page, name: string) {
  const viewport = page.viewportSize() ?? DESKTOP;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, Math.min(height, 6000)) });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  await page.setViewportSize(viewport);
}

async function dismissToasts(page: Page) {
  const close = page.locator('.toast__close');
  const deadline = Date.now() + 10_000;
  while ((await close.count()) > 0) {
    if (Date.now() > deadline) throw new Error('dismissToasts: the toasts did not close within 10 s');
    // A toast also closes by itself after 5 s, possibly between the count and the click: a
    // click that finds nothing any more is fine, the loop looks again.
    await close
      .first()
      .click({ timeout: 1_000 })
      .catch(() => {});
    await page.waitForTimeout(250);
  }
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
    // Playwright's own notice where a context blocks service workers (the config's default).
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    errors.push(`console.${message.type()}: ${message.text()}`);
  });
  return errors;
}

async function assertNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: no horizontal scrolling (overflow ${overflow}px)`).toBeLessThanOrEqual(0);
}

async function bothWidths(page: Page, name: string) {
  await dismissToasts(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await tallShot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await assertNoSidewaysScroll(page, name);
  await tallShot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

function apiFromPage(page: Page, url: string) {
  return page.evaluate(async (u) => {
    const response = await fetch(u, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return { status: response.status, body: await response.json().catch(() => null) };
  }, url);
}

/**
 * Every address outside the app answers 404, which collectErrors does not count. The pattern
 * is a regular expression, not a function: Playwright matches a regular expression itself,
 * beside the browser, and lets the app's own requests through untouched; a function has to be
 * asked for every request, so each of the app's scripts and API calls waited for a round trip
 * to the test's process (300–800 ms each in the traces of a busy 2-core machine).
 */
async function stayLocal(context: BrowserContext, baseURL: string) {
  const app = baseURL.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  await context.route(new RegExp(`^(?!${app}(?:[/?#]|$))`), (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }),
  );
}

/** No test-scoped fixtures of our own: the helpers are all worker-scoped. */
type TestFixtures = Record<never, never>;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // The built-in page/context of a plain test point at the server and stay local too.
  baseURL: async ({ garden }, use) => use(garden.baseURL),
  context: async ({ context, garden }, use) => {
    await stayLocal(context, garden.baseURL);
    await use(context);
  },

  garden: [
    async ({}, use) => {
      const raw = process.env.GARDEN_E2E_SERVER;
      if (!raw) throw new Error('GARDEN_E2E_SERVER is not set: run the specs with `npm run e2e` (the global setup starts the server)');
      await use(JSON.parse(raw) as Garden);
    },
    { scope: 'worker' },
  ],
  gardenctl: [
    async ({ garden }, use) => use((...args: string[]) => runGardenctl({ ...process.env, ...garden.vars }, args)),
    { scope: 'worker' },
  ],
  createUser: [
    async ({ gardenctl }, use) => {
      await use(async (account, ...flags) => {
        try {
          const out = await gardenctl('users', 'create', '--username', account.username, '--password', account.password, ...flags);
          const id = Number(/\(id (\d+)/.exec(out)?.[1]);
          if (!(id > 0)) throw new Error(`could not read the new user's id from: ${out}`);
          return id;
        } catch (error) {
          const users = JSON.parse(await gardenctl('users', 'list', '--json')) as { id: number; username: string }[];
          const existing = users.find((u) => u.username === account.username);
          if (existing) return existing.id;
          throw error;
        }
      });
    },
    { scope: 'worker' },
  ],
  openPage: [
    async ({ browser, garden }, use) => {
      await use(async ({ stayLocal: local = true, browser: other, init, ...options } = {}) => {
        // As the config's `use` says for the built-in page: no service worker unless asked for.
        const context = await (other ?? browser).newContext({ viewport: DESKTOP, baseURL: garden.baseURL, serviceWorkers: 'block', ...options });
        context.setDefaultTimeout(10_000);
        if (local) await stayLocal(context, garden.baseURL);
        if (init) await init(context);
        return context.newPage();
      });
    },
    { scope: 'worker' },
  ],
  closePages: [
    async ({ browser }, use) => {
      await use(async () => {
        await Promise.all(browser.contexts().map((context) => context.close().catch(() => {})));
      });
    },
    { scope: 'worker' },
  ],
  signIn: [async ({ garden }, use) => use((page, u, p) => signIn(page, garden.baseURL, u, p)), { scope: 'worker' }],
  shot: [async ({}, use) => use(shot), { scope: 'worker' }],
  tallShot: [async ({}, use) => use(tallShot), { scope: 'worker' }],
  scrollThrough: [async ({}, use) => use(scrollThrough), { scope: 'worker' }],
  bothWidths: [async ({}, use) => use(bothWidths), { scope: 'worker' }],
  dismissToasts: [async ({}, use) => use(dismissToasts), { scope: 'worker' }],
  collectErrors: [async ({}, use) => use(collectErrors), { scope: 'worker' }],
  assertNoSidewaysScroll: [async ({}, use) => use(assertNoSidewaysScroll), { scope: 'worker' }],
  mainNav: [async ({}, use) => use((page) => page.getByRole('navigation', { name: 'Main navigation' })), { scope: 'worker' }],
  apiFromPage: [async ({}, use) => use(apiFromPage), { scope: 'worker' }],
});
