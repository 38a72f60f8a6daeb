#!/usr/bin/env node
// Browser end-to-end tests of the web shell against the real gardenctl binary.
//
//   npm run e2e            (after `make build`, which builds the binary with the app embedded)
//
// Environment: GARDENCTL_BIN (default ./bin/gardenctl), FIXTURESTORE_BIN (default
// ./bin/fixturestore: the seed store the import reads, source in tests/fixturestore),
// CHROMIUM_PATH (default /usr/bin/chromium), E2E_HEADFUL=1 to watch. E2E_UI=preview serves the current web/dist
// with `vite preview` (proxying /api to the binary) instead of the app embedded in the
// binary: handy while working on the web app without rebuilding gardenctl.
// GARDEN_TEST_COUNTS=<file> receives "<passed> <failed>" for the Makefile's total line.
// Screenshots go to tests/e2e/screenshots/.
// The script prints "e2e: N passed, M failed" and exits non-zero when anything failed.

import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { notificationsScenario } from './scenarios/notifications.mjs';
import { adminScenario } from './scenarios/admin.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const BIN = path.resolve(repo, process.env.GARDENCTL_BIN || './bin/gardenctl');
const FIXTURESTORE = path.resolve(repo, process.env.FIXTURESTORE_BIN || './bin/fixturestore');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SHOTS = path.join(here, 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 800 };
const GARDENER = { username: 'gardener', password: 'secret-pass-1' };
const GROWER = { username: 'grower', password: 'secret-pass-2' };
const CURATOR = { username: 'curator', password: 'secret-pass-3' };
const PICKER = { username: 'picker', password: 'secret-pass-4' };
/** What the fixture seed store offers: 38 "(PP)" products, one of which cannot be read. */
const STORE_PLANTS = 37;
const STORE_FAILURES = 1;
const PHOTO = path.join(here, 'fixtures', 'basil.png');
const ADMIN_PASSWORD = `e2e-${randomBytes(9).toString('base64url')}`;
const STEP_TIMEOUT_MS = 15_000;

const run = promisify(execFile);
const results = [];
const started = Date.now();

function log(message) {
  process.stdout.write(`${message}\n`);
}

/** Ends the run before any test could start (missing binary or browser). */
async function bail(message) {
  log(message);
  if (process.env.GARDEN_TEST_COUNTS) await writeFile(process.env.GARDEN_TEST_COUNTS, '0 1\n').catch(() => {});
  log('e2e: 0 passed, 1 failed');
  process.exit(1);
}

// ---------- server ----------

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function gardenctl(env, ...args) {
  try {
    const { stdout } = await run(BIN, args, { env, timeout: 30_000 });
    return stdout;
  } catch (error) {
    throw new Error(`gardenctl ${args.join(' ')} failed: ${error.stderr || error.message}`);
  }
}

function startServer(env) {
  const child = spawn(BIN, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 400) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output, exited };
}

function startPreview(apiURL, port) {
  const vite = path.join(repo, 'node_modules', '.bin', 'vite');
  const child = spawn(
    vite,
    ['preview', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: repo, env: { ...process.env, GARDEN_API_URL: apiURL }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = [];
  child.stdout.on('data', (c) => output.push(c.toString()));
  child.stderr.on('data', (c) => output.push(c.toString()));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output, exited };
}

/** Starts the fixture seed store; it prints its base URL on its first line of output. */
function startFixtureStore(timeoutMs = 10_000) {
  const child = spawn(FIXTURESTORE, [], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const url = new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`fixture store printed no URL within ${timeoutMs} ms`)), timeoutMs);
    child.stdout.on('data', (chunk) => {
      buffered += chunk.toString();
      const line = buffered.split('\n')[0];
      if (buffered.includes('\n') && /^https?:\/\//.test(line.trim())) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.stderr.on('data', (c) => output.push(c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`fixture store exited (code ${code}): ${output.join('')}`));
    });
  });
  return { child, output, exited, url };
}

async function waitReady(baseURL, server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`gardenctl serve exited early:\n${server.output.join('')}`);
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not ready after ${timeoutMs} ms (${last})`);
}

async function stopServer(server, timeoutMs = 15_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs));
  const result = await Promise.race([server.exited, timer]);
  if (result === null) {
    server.child.kill('SIGKILL');
    throw new Error(`server did not exit within ${timeoutMs} ms of SIGTERM`);
  }
  return result;
}

// ---------- test steps ----------

/** A scenario runs its steps in order; after a failure the remaining steps are skipped. */
async function scenario(name, steps) {
  log(`\n${name}`);
  let broken = false;
  for (const [title, fn] of steps) {
    const full = `${name} › ${title}`;
    if (broken) {
      results.push({ name: full, ok: false, skipped: true });
      log(`  - ${title} (skipped after an earlier failure)`);
      continue;
    }
    const t0 = Date.now();
    try {
      await Promise.race([
        fn(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`step timed out after ${STEP_TIMEOUT_MS} ms`)), STEP_TIMEOUT_MS),
        ),
      ]);
      results.push({ name: full, ok: true });
      log(`  ✓ ${title} (${Date.now() - t0} ms)`);
    } catch (error) {
      broken = true;
      results.push({ name: full, ok: false, error });
      log(`  ✗ ${title}\n    ${String(error?.stack || error).split('\n').slice(0, 6).join('\n    ')}`);
    }
  }
}

async function shot(page, name, { fullPage = false } = {}) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/**
 * A screenshot of the whole page with the window as tall as the page, so that fixed parts
 * (sidebar, bottom bar) sit where they belong instead of cutting through a full-page capture.
 */
async function tallShot(page, name) {
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, Math.min(height, 6000)) });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  await page.setViewportSize(viewport);
}

async function signIn(page, baseURL, username, password) {
  await page.goto(`${baseURL}/auth`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([
    page.waitForURL(`${baseURL}/`, { waitUntil: 'load' }),
    page.getByRole('button', { name: 'Log in' }).click(),
  ]);
  await page.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
}

/** Closes open toasts so that screenshots show the page itself. */
async function dismissToasts(page) {
  const close = page.locator('.toast__close');
  while ((await close.count()) > 0) {
    await close.first().click();
    await page.waitForTimeout(250);
  }
}

/** Uncaught exceptions and console errors (except the browser's own log of 4xx answers). */
function collectErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
    errors.push(`console.${message.type()}: ${message.text()}`);
  });
  return errors;
}

const mainNav = (page) => page.getByRole('navigation', { name: 'Main navigation' });

/** The browser's local calendar date, as the app computes "today". */
const localDateKey = (page, offsetDays = 0) =>
  page.evaluate((offset) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    const pad = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, offsetDays);

/** "MMM d, yyyy" of a yyyy-MM-dd date, as the app prints it. */
function formatDay(key) {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Fails when the page scrolls sideways. */
async function assertNoSidewaysScroll(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what}: no horizontal scrolling (overflow ${overflow}px)`);
}

/** Calls the API with the page's stored token. */
function apiFromPage(page, url) {
  return page.evaluate(async (u) => {
    const response = await fetch(u, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return { status: response.status, body: await response.json().catch(() => null) };
  }, url);
}

/**
 * The fixture store's product images live on a CDN the test machine cannot reach: each
 * main image answers 404 and the first alternative (the packet picture) answers a real
 * PNG, so the pages show that the image falls back to the alternatives.
 */
async function routeStoreImages(context) {
  const png = await readFile(PHOTO);
  await context.route('https://cdn.shopify.com/**', (route) => {
    const url = route.request().url();
    if (/-packet_800x\.jpg\?v=/.test(url)) return route.fulfill({ status: 200, contentType: 'image/png', body: png });
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
  });
}

/**
 * Watches the page for the import's running state: the "Importing..." button and the
 * progress bar (with the highest done/total it showed).
 */
function watchImport(page) {
  return page.evaluate(() => {
    const seen = { importing: false, progress: false, maxDone: 0, total: 0 };
    window.__importSeen = seen;
    const look = () => {
      if ([...document.querySelectorAll('button')].some((b) => b.textContent.includes('Importing...'))) seen.importing = true;
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

// ---------- main ----------

async function main() {
  if (!existsSync(BIN)) {
    await bail(
      `gardenctl binary not found at ${BIN}.\n` +
        'Build it first (make build builds the web app and embeds it), or set GARDENCTL_BIN.',
    );
  }
  if (!existsSync(CHROMIUM)) {
    await bail(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  }

  await mkdir(SHOTS, { recursive: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'garden-e2e-'));
  const port = await freePort();
  const apiURL = `http://127.0.0.1:${port}`;
  // The browser's address: the binary itself, or vite preview in front of it.
  let baseURL = apiURL;
  let preview;
  const env = {
    ...process.env,
    GARDEN_DATA_DIR: dataDir,
    GARDEN_ADDR: `127.0.0.1:${port}`,
    GARDEN_ADMIN_PASSWORD: ADMIN_PASSWORD,
    GARDEN_LOG_LEVEL: process.env.GARDEN_LOG_LEVEL || 'warn',
  };

  let server;
  let browser;
  let store;
  try {
    if (existsSync(FIXTURESTORE)) {
      store = startFixtureStore();
      env.GARDEN_CATALOGUE_URL = await store.url;
      log(`fixture seed store on ${env.GARDEN_CATALOGUE_URL}`);
    } else {
      log(`fixture seed store not found at ${FIXTURESTORE} (go build -o bin/fixturestore ./tests/fixturestore)`);
    }
    await gardenctl(env, 'migrate');
    const created = await gardenctl(
      env,
      'users',
      'create',
      '--username',
      GARDENER.username,
      '--password',
      GARDENER.password,
      '--role',
      'user',
    );
    const gardenerId = Number(/\(id (\d+)/.exec(created)?.[1]);
    assert.ok(gardenerId > 0, `could not read the new user's id from: ${created}`);
    await gardenctl(env, 'users', 'create', '--username', GROWER.username, '--password', GROWER.password, '--role', 'user');
    await gardenctl(env, 'users', 'create', '--username', CURATOR.username, '--password', CURATOR.password, '--role', 'admin');
    await gardenctl(env, 'users', 'create', '--username', PICKER.username, '--password', PICKER.password, '--role', 'user');
    server = startServer(env);
    await waitReady(apiURL, server);
    log(`gardenctl serve ready on ${apiURL} (data in ${dataDir})`);
    if (process.env.E2E_UI === 'preview') {
      const previewPort = await freePort();
      preview = startPreview(apiURL, previewPort);
      baseURL = `http://127.0.0.1:${previewPort}`;
      await waitReady(baseURL, preview);
      log(`vite preview of web/dist on ${baseURL}`);
    }

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: !process.env.E2E_HEADFUL,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // No Notification or Push API: the app's notification prompt would cover the pages of
        // every scenario. The notifications scenario starts its own browser for the prompt.
        '--disable-notifications',
      ].filter((arg) => !(process.env.E2E_HEADFUL && arg === '--headless')),
    });

    // ----- scenario 1: a gardener (role user) -----
    const userContext = await browser.newContext({ viewport: DESKTOP });
    userContext.setDefaultTimeout(10_000);
    const page = await userContext.newPage();
    const pageErrors = collectErrors(page);

    await scenario('gardener (role user)', [
      [
        'a signed-out visit to / goes to /auth?redirect=%2F',
        async () => {
          await page.goto(`${baseURL}/`);
          await page.waitForURL(`${baseURL}/auth?redirect=%2F`);
          await page.getByRole('heading', { name: 'Sign in to your garden' }).waitFor();
          assert.equal(new URL(page.url()).search, '?redirect=%2F');
          await page.getByRole('link', { name: /Buy a License/ }).waitFor();
          await page.getByText('Seasonal planting tips').waitFor();
          await shot(page, 'auth-desktop');
        },
      ],
      [
        'a too-short username shows the validation message',
        async () => {
          await page.getByLabel('Username').fill('ab');
          await page.getByLabel('Password', { exact: true }).fill(GARDENER.password);
          await page.getByRole('button', { name: 'Log in' }).click();
          await page.getByText('Username must be at least 3 characters').waitFor();
          assert.equal(await page.getByRole('alert').count(), 0, 'no server alert for client-side validation');
        },
      ],
      [
        'a wrong password shows Authentication Failed',
        async () => {
          await page.getByLabel('Username').fill(GARDENER.username);
          await page.getByLabel('Password', { exact: true }).fill('wrong-password');
          await page.getByRole('button', { name: 'Log in' }).click();
          const alert = page.getByRole('alert').filter({ hasText: 'Authentication Failed' });
          await alert.waitFor();
          assert.match(await alert.innerText(), /Invalid username or password/);
          await page.getByText('Login failed').first().waitFor();
          await shot(page, 'auth-failed-desktop');
        },
      ],
      [
        'signing in lands on the dashboard',
        async () => {
          await signIn(page, baseURL, GARDENER.username, GARDENER.password);
          const stored = await page.evaluate(() => ({
            token: localStorage.getItem('token'),
            user: JSON.parse(localStorage.getItem('user') || 'null'),
          }));
          assert.ok(stored.token, 'token stored');
          assert.equal(stored.user?.username, GARDENER.username);
          await page.getByText('Login successful').first().waitFor();
          assert.equal(await page.title(), 'Dashboard · Garden');
          await shot(page, 'dashboard-desktop');
        },
      ],
      [
        'the navigation shows Main but not Administration',
        async () => {
          const nav = mainNav(page);
          await nav.getByRole('button', { name: 'Main' }).waitFor();
          await nav.getByRole('link', { name: 'My Plants' }).waitFor();
          assert.equal(await nav.getByRole('button', { name: 'Administration' }).count(), 0);
          assert.equal(await nav.getByRole('link', { name: 'Admin Dashboard' }).count(), 0);
        },
      ],
      [
        'the header shows the user with a menu to log out',
        async () => {
          await dismissToasts(page);
          await page.getByRole('button', { name: 'Account menu for gardener' }).click();
          const menu = page.getByRole('menu');
          await menu.getByText('@gardener · User').waitFor();
          await menu.getByRole('menuitem', { name: 'Log Out' }).waitFor();
          await shot(page, 'user-menu-desktop');
          await page.keyboard.press('Escape');
          await menu.waitFor({ state: 'hidden' });
        },
      ],
      [
        'the dashboard works at phone width (375 px)',
        async () => {
          await page.setViewportSize(PHONE);
          await page.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
          await page.getByRole('navigation', { name: 'Quick links' }).waitFor({ state: 'visible' });
          assert.equal(await mainNav(page).isVisible(), false, 'sidebar hidden on phones');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
          await dismissToasts(page);
          await shot(page, 'dashboard-phone');
          await page.getByRole('button', { name: 'Open menu' }).click();
          const drawer = page.getByRole('dialog', { name: 'Garden menu' });
          await drawer.getByRole('link', { name: 'Journal' }).waitFor();
          await page.waitForTimeout(350); // slide-in animation
          await shot(page, 'drawer-phone');
          await page.keyboard.press('Escape');
          await drawer.waitFor({ state: 'hidden' });
          await page.setViewportSize(DESKTOP);
        },
      ],
      [
        '/admin shows Access Denied',
        async () => {
          await page.goto(`${baseURL}/admin`);
          await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
          await page.getByText('You need admin privileges to access this page.').waitFor();
          await page.getByText('Your current role').waitFor();
          await shot(page, 'access-denied-desktop');
        },
      ],
      [
        '/does-not-exist shows the 404 page',
        async () => {
          await page.goto(`${baseURL}/does-not-exist`);
          await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
          await page.getByText('Did you forget to add the page to the router?').waitFor();
          await shot(page, 'not-found-desktop');
        },
      ],
      [
        'the debug page checks the token with the server',
        async () => {
          await page.goto(`${baseURL}/debug/token`);
          await page.getByRole('button', { name: 'Check Authentication' }).click();
          await page.getByText('Successfully authenticated with the server').first().waitFor();
        },
      ],
      [
        'logging out goes back to /auth and revokes the token',
        async () => {
          await page.goto(`${baseURL}/`);
          const token = await page.evaluate(() => localStorage.getItem('token'));
          await mainNav(page).getByRole('button', { name: 'Log Out' }).click();
          await page.waitForURL(`${baseURL}/auth`);
          await page.getByRole('heading', { name: 'Sign in to your garden' }).waitFor();
          await page.getByText('You have been successfully logged out.').first().waitFor();
          assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
          const check = await fetch(`${apiURL}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
          assert.equal(check.status, 401, 'the old token no longer works');
        },
      ],
      [
        'the sign-in page works at phone width',
        async () => {
          await page.setViewportSize(PHONE);
          await page.goto(`${baseURL}/auth`);
          await page.getByRole('heading', { name: 'Sign in to your garden' }).waitFor();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`);
          await shot(page, 'auth-phone', { fullPage: true });
        },
      ],
      [
        'no uncaught errors or console errors',
        async () => {
          assert.deepEqual(pageErrors, []);
        },
      ],
    ]);
    await userContext.close();

    await scenario('graceful shutdown', [
      [
        'SIGTERM stops the server cleanly',
        async () => {
          const { code, signal } = await stopServer(server);
          assert.ok(code === 0 || signal === 'SIGTERM', `exit code ${code}, signal ${signal}`);
        },
      ],
      [
        'the server starts again on the same data',
        async () => {
          server = startServer(env);
          await waitReady(apiURL, server);
        },
      ],
    ]);

    // ----- scenario 2: the superadmin and impersonation -----
    const adminContext = await browser.newContext({ viewport: DESKTOP });
    adminContext.setDefaultTimeout(10_000);
    const admin = await adminContext.newPage();
    const adminErrors = collectErrors(admin);

    await scenario('superadmin', [
      [
        'signs in and sees the Administration group',
        async () => {
          await signIn(admin, baseURL, 'admin', ADMIN_PASSWORD);
          const nav = mainNav(admin);
          await nav.getByRole('button', { name: 'Administration' }).waitFor();
          for (const name of ['Admin Dashboard', 'Sites', 'Users', 'Site Users', 'Maintenance Mode', 'Notifications']) {
            await nav.getByRole('link', { name, exact: true }).waitFor();
          }
          await admin.goto(`${baseURL}/admin/maintenance`);
          await admin.getByRole('heading', { name: 'Application Functions' }).waitFor();
        },
      ],
      [
        'impersonating the gardener shows the amber banner',
        async () => {
          // What the app's impersonate() does: POST /api/impersonate/{id}, then store the
          // new token and user and remember the original user.
          const outcome = await admin.evaluate(async (id) => {
            const token = localStorage.getItem('token');
            const response = await fetch(`/api/impersonate/${id}`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${token}` },
              credentials: 'include',
            });
            if (!response.ok) return { error: `impersonate: ${response.status} ${await response.text()}` };
            const body = await response.json();
            const originalUser = JSON.parse(localStorage.getItem('user'));
            localStorage.setItem('token', body.token);
            localStorage.setItem('user', JSON.stringify(body.user));
            localStorage.setItem('impersonation', JSON.stringify({ isImpersonating: true, originalUser }));
            return { username: body.user.username };
          }, gardenerId);
          assert.equal(outcome.error, undefined, outcome.error);
          assert.equal(outcome.username, GARDENER.username);
          await admin.goto(`${baseURL}/`);
          const banner = admin.getByRole('region', { name: 'Impersonation' });
          await banner.waitFor();
          assert.equal(
            (await banner.innerText()).replace(/\s+/g, ' ').trim().replace(/ ?Exit Impersonation$/, ''),
            'You are impersonating gardener. All actions will be performed as this user.',
          );
          assert.equal(await mainNav(admin).getByRole('button', { name: 'Administration' }).count(), 0);
          await shot(admin, 'impersonation-desktop');
          await admin.setViewportSize(PHONE);
          await shot(admin, 'impersonation-phone');
          await admin.setViewportSize(DESKTOP);
        },
      ],
      [
        'Exit Impersonation restores the superadmin',
        async () => {
          const before = await admin.evaluate(() => localStorage.getItem('token'));
          await admin.getByRole('button', { name: 'Exit Impersonation' }).click();
          await admin.getByText('You are now back as admin', { exact: true }).waitFor();
          await admin.getByRole('region', { name: 'Impersonation' }).waitFor({ state: 'detached' });
          await mainNav(admin).getByRole('button', { name: 'Administration' }).waitFor();
          const after = await admin.evaluate(() => ({
            token: localStorage.getItem('token'),
            user: JSON.parse(localStorage.getItem('user') || 'null'),
            impersonation: localStorage.getItem('impersonation'),
          }));
          assert.ok(after.token && after.token !== before, 'a new token was stored');
          assert.equal(after.user?.username, 'admin');
          assert.equal(after.impersonation, null);
          const me = await fetch(`${apiURL}/api/user`, { headers: { Authorization: `Bearer ${after.token}` } });
          assert.equal(me.status, 200);
          assert.equal((await me.json()).username, 'admin');
        },
      ],
      [
        'no uncaught errors or console errors',
        async () => {
          assert.deepEqual(adminErrors, []);
        },
      ],
    ]);
    await adminContext.close();

    // ----- scenario 3: a gardener looks after a plant, end to end -----
    const careContext = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    careContext.setDefaultTimeout(10_000);
    const care = await careContext.newPage();
    const careErrors = collectErrors(care);
    let plantId = 0;
    let today = '';

    await scenario('plant care (a gardener with a new plant)', [
      [
        'signs in to an empty dashboard',
        async () => {
          await signIn(care, baseURL, GROWER.username, GROWER.password);
          await dismissToasts(care);
          await care.getByRole('button', { name: 'Add Your First Plant' }).waitFor();
          await care.getByRole('button', { name: 'Create First Entry' }).waitFor();
          today = await localDateKey(care);
        },
      ],
      [
        'adds a plant with a photo',
        async () => {
          await mainNav(care).getByRole('link', { name: 'My Plants' }).click();
          await care.getByRole('heading', { name: 'No Plants Added Yet' }).waitFor();
          await care.getByRole('button', { name: 'Add New Plant' }).click();
          const dialog = care.getByRole('dialog', { name: 'Add New Plant' });
          await dialog.getByLabel('Plant name').fill('Sweet Basil');
          await dialog.getByLabel('Species').fill('Ocimum basilicum');
          await dialog.getByLabel('Location').fill('Kitchen window');
          await dialog.getByLabel('Light needs').selectOption('Full Sun');
          assert.equal(await dialog.getByLabel('Water every (days)').inputValue(), '7');
          assert.equal(await dialog.getByLabel('Fertilize every (days)').inputValue(), '30');
          const [upload] = await Promise.all([
            care.waitForResponse((r) => r.url().endsWith('/api/upload/image') && r.request().method() === 'POST'),
            dialog.getByLabel('Upload image file').setInputFiles(PHOTO),
          ]);
          assert.equal(upload.status(), 201, `upload answered ${upload.status()}`);
          await care.getByText('Image uploaded').first().waitFor();
          const preview = dialog.getByAltText('Preview of the chosen image');
          await preview.waitFor();
          assert.match(await preview.getAttribute('src'), /^\/api\/images\/[0-9a-f]+\.png$/);
          await care.waitForFunction(
            () => document.querySelector('img[alt="Preview of the chosen image"]')?.naturalWidth === 96,
          );
          const [response] = await Promise.all([
            care.waitForResponse((r) => r.url().endsWith('/api/plants') && r.request().method() === 'POST'),
            dialog.getByRole('button', { name: 'Add Plant' }).click(),
          ]);
          assert.equal(response.status(), 201);
          plantId = (await response.json()).id;
          assert.ok(plantId > 0);
          await care.getByText('Plant added').first().waitFor();
          await dialog.waitFor({ state: 'detached' });
          const card = care.getByRole('article', { name: 'Sweet Basil' });
          await card.getByText('Kitchen window').waitFor();
          await card.getByText('Full Sun').waitFor();
          await care.waitForFunction(() =>
            [...document.querySelectorAll('img[alt="Sweet Basil"]')].some((img) => img.naturalWidth === 96),
          );
        },
      ],
      [
        'waters it on its page',
        async () => {
          await care.getByRole('link', { name: 'Sweet Basil' }).click();
          await care.waitForURL(`${baseURL}/plants/${plantId}`);
          await care.getByRole('heading', { level: 1, name: 'Sweet Basil' }).waitFor();
          const watering = care.getByRole('region', { name: 'Watering schedule' });
          await watering.getByText('Never').waitFor();
          await dismissToasts(care);
          await care.getByRole('button', { name: 'Water Now' }).click();
          await care.getByText('Sweet Basil was watered.').first().waitFor();
          await watering.getByText(formatDay(today)).first().waitFor();
          const history = care.getByRole('table');
          await history.getByRole('row', { name: new RegExp(`${formatDay(today)}.*Water.*Completed`) }).waitFor();
          const plant = await apiFromPage(care, `/api/plants/${plantId}`);
          assert.ok(plant.body.lastWatered, 'lastWatered is set');
          assert.ok(plant.body.nextWatering, 'nextWatering is set');
          await dismissToasts(care);
          await tallShot(care, 'plant-details-desktop');
          await care.setViewportSize(PHONE);
          await care.getByRole('button', { name: 'Water Now' }).waitFor();
          await assertNoSidewaysScroll(care, 'plant details');
          await tallShot(care, 'plant-details-phone');
          await care.setViewportSize(DESKTOP);
        },
      ],
      [
        'schedules a recurring task and completes it: the next one appears',
        async () => {
          await mainNav(care).getByRole('link', { name: 'Schedule' }).click();
          await care.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
          await care.getByRole('button', { name: 'Add Task' }).click();
          const dialog = care.getByRole('dialog', { name: 'Schedule a Care Task' });
          await dialog.getByLabel('Plant').selectOption({ label: 'Sweet Basil' });
          await dialog.getByLabel('Task type').selectOption('prune');
          assert.equal(await dialog.getByLabel('Date').inputValue(), today);
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
          assert.equal(await task.getByRole('button', { name: 'Complete' }).count(), 0);

          const next = await localDateKey(care, 3);
          const day = await apiFromPage(care, `/api/care-tasks/date/${next}`);
          const real = day.body.filter((t) => t.taskType === 'prune' && t.id !== null && !t.projected);
          assert.equal(real.length, 1, `a real next task on ${next}: ${JSON.stringify(day.body)}`);
          await care.getByRole('button', { name: 'Day', exact: true }).click();
          for (let i = 0; i < 3; i++) await care.getByRole('button', { name: 'Next day', exact: true }).click();
          const upcoming = dayList.getByRole('listitem', { name: 'Prune Sweet Basil' });
          await upcoming.getByRole('button', { name: 'Complete' }).waitFor();
          // Its own repeats are projected, read-only, three days later again.
          for (let i = 0; i < 3; i++) await care.getByRole('button', { name: 'Next day', exact: true }).click();
          const projected = dayList.getByRole('listitem', { name: 'Prune Sweet Basil (upcoming repeat)' });
          await projected.getByText('Upcoming repeat').waitFor();
          assert.equal(await projected.getByRole('button').count(), 0);

          await care.getByRole('button', { name: 'Today', exact: true }).click();
          await care.getByRole('button', { name: 'Month', exact: true }).click();
          await dismissToasts(care);
          await tallShot(care, 'schedule-month-desktop');
          await care.setViewportSize(PHONE);
          await care.getByRole('button', { name: 'Add Task' }).waitFor();
          await assertNoSidewaysScroll(care, 'schedule');
          await tallShot(care, 'schedule-month-phone');
          await care.setViewportSize(DESKTOP);
        },
      ],
      [
        'writes a journal entry',
        async () => {
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
          assert.equal(entries.body.length, 1);
          assert.equal(entries.body[0].growthStage, 'Seedling');
        },
      ],
      [
        'opens the QR page and downloads the SVG',
        async () => {
          await care.goto(`${baseURL}/plants/${plantId}`);
          await care.getByRole('link', { name: 'Generate QR Code' }).click();
          await care.waitForURL(`${baseURL}/plants/${plantId}/qrcode`);
          const image = care.getByAltText('QR code for Sweet Basil');
          await image.waitFor();
          assert.equal(Math.round((await image.boundingBox()).width), 200);
          const [download] = await Promise.all([
            care.waitForEvent('download'),
            care.getByRole('button', { name: 'Download SVG' }).click(),
          ]);
          assert.equal(download.suggestedFilename(), `plant-${plantId}-sweet-basil-qrcode.svg`);
          const file = path.join(dataDir, 'download.svg');
          await download.saveAs(file);
          const svg = await readFile(file, 'utf8');
          assert.match(svg, /<svg[\s>]/, 'the download is an SVG document');
          assert.match(svg, /xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
          const [png] = await Promise.all([
            care.waitForEvent('download'),
            care.getByRole('button', { name: 'Download PNG' }).click(),
          ]);
          assert.equal(png.suggestedFilename(), `plant-${plantId}-sweet-basil-qrcode.png`);
          await care.getByRole('link', { name: 'Back to plant details' }).waitFor();
        },
      ],
      [
        'the dashboard shows the plant, the week, the journey and the statistics',
        async () => {
          await mainNav(care).getByRole('link', { name: 'Dashboard' }).click();
          await care.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
          const plants = care.getByRole('region', { name: 'Your Plants' });
          await plants.getByText('Sweet Basil').waitFor();
          const journey = care.getByRole('region', { name: 'Growth Journey' });
          await journey.getByRole('link', { name: 'First true leaves' }).waitFor();
          const stats = care.getByRole('region', { name: 'Care Statistics' });
          await stats.getByRole('link', { name: 'Sweet Basil' }).waitFor();
          const water = stats.getByRole('listitem').filter({ hasText: 'Water' });
          assert.match(await water.innerText(), /1\s*$/);
          await dismissToasts(care);
          await tallShot(care, 'dashboard-garden-desktop');
          await care.setViewportSize(PHONE);
          await care.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
          await assertNoSidewaysScroll(care, 'dashboard');
          await tallShot(care, 'dashboard-garden-phone');
          for (const route of ['/plants', '/journal', `/plants/${plantId}/qrcode`]) {
            await care.goto(`${baseURL}${route}`);
            await care.waitForLoadState('networkidle');
            await assertNoSidewaysScroll(care, route);
          }
          await care.setViewportSize(DESKTOP);
        },
      ],
      [
        'no uncaught errors or console errors',
        async () => {
          assert.deepEqual(careErrors, []);
        },
      ],
    ]);
    await careContext.close();

    // ----- scenario 4: the seed-store import and the plant database -----
    const curatorContext = await browser.newContext({ viewport: DESKTOP });
    curatorContext.setDefaultTimeout(10_000);
    await routeStoreImages(curatorContext);
    const curator = await curatorContext.newPage();
    const curatorErrors = collectErrors(curator);
    const pickerContext = await browser.newContext({ viewport: DESKTOP });
    pickerContext.setDefaultTimeout(10_000);
    await routeStoreImages(pickerContext);
    const picker = await pickerContext.newPage();
    const pickerErrors = collectErrors(picker);
    let basilId = 0;

    await scenario('seed-store import (an admin) and the plant database (a gardener)', [
      [
        'the Ecommerce entry opens the import tab with the store plants and its failure',
        async () => {
          assert.ok(env.GARDEN_CATALOGUE_URL, 'the fixture seed store is running (FIXTURESTORE_BIN)');
          await signIn(curator, baseURL, CURATOR.username, CURATOR.password);
          await dismissToasts(curator);
          const admin = mainNav(curator).getByRole('region', { name: 'Administration' });
          await admin.getByRole('link', { name: 'Ecommerce' }).click();
          await curator.waitForURL(`${baseURL}/admin/plant-database?tab=ecommerce`);
          await curator.getByRole('tab', { name: 'Ecommerce Import', selected: true }).waitFor();
          const table = curator.getByRole('table', { name: 'Remote plants' });
          await table.waitFor();
          await curator.getByText(`${STORE_PLANTS} plants offered by the seed store`).waitFor();
          assert.equal(await table.getByRole('row').count(), 1 + 10, 'ten rows a page by default');
          await curator.getByLabel('Rows per page').selectOption({ label: 'All' });
          await curator.getByText(`1–${STORE_PLANTS} of ${STORE_PLANTS} · Page 1 of 1`).waitFor();
          assert.equal(await table.getByRole('row').count(), 1 + STORE_PLANTS);
          const box = await curator.locator('.table-wrap--scroll').boundingBox();
          assert.ok(box.height <= 402, `the table scrolls within 400px (${box.height}px)`);
          const failures = curator.getByRole('list', { name: 'Store failures' });
          assert.equal(await failures.getByRole('listitem').count(), STORE_FAILURES);
          await failures.getByText('Mystery Herb Mix (PP)').waitFor();
          await table.getByRole('cell', { name: "Sweet Basil 'Genovese'" }).waitFor();
          await curator.getByLabel('Rows per page').selectOption({ label: '10' });
          await tallShot(curator, 'admin-ecommerce-desktop');
          await curator.setViewportSize(PHONE);
          await curator.getByRole('button', { name: 'Run Import' }).waitFor();
          await assertNoSidewaysScroll(curator, 'ecommerce tab');
          await tallShot(curator, 'admin-ecommerce-phone');
          await curator.setViewportSize(DESKTOP);
        },
      ],
      [
        'runs the import: Importing... and the progress bar, then 37 added and 1 failed',
        async () => {
          await watchImport(curator);
          const [response] = await Promise.all([
            curator.waitForResponse(
              (r) => r.url().endsWith('/api/ecommerce/import-plants') && r.request().method() === 'POST',
              { timeout: 14_000 },
            ),
            curator.getByRole('button', { name: 'Run Import' }).click(),
          ]);
          assert.equal(response.status(), 200, `import answered ${response.status()}`);
          const results = curator.getByRole('region', { name: 'Import Results' });
          await results.waitFor();
          const seen = await curator.evaluate(() => window.__importSeen);
          assert.ok(seen.importing, 'the button read Importing... while the import ran');
          log(
            `    (progress bar ${seen.progress ? `shown${seen.total ? `, up to ${seen.maxDone} of ${seen.total}` : ', before the total was known'}` : 'not caught: the import was quicker than a poll'})`,
          );
          await curator.getByText('Import Successful').first().waitFor();
          await curator.getByText(`${STORE_PLANTS} added, 0 updated, ${STORE_FAILURES} failed`).first().waitFor();
          const count = async (label) =>
            (await results.locator('.import-count').filter({ hasText: label }).locator('dd').innerText()).trim();
          assert.equal(await count('Added'), String(STORE_PLANTS));
          assert.equal(await count('Failed'), String(STORE_FAILURES));
          assert.equal(await count('Updated'), '0');
          const details = results.getByRole('list', { name: 'Import details' });
          assert.equal(await details.getByRole('listitem').count(), STORE_PLANTS + STORE_FAILURES);
          await details.getByRole('listitem').filter({ hasText: 'Mystery Herb Mix (PP)' }).getByText('Failed').waitFor();
          const items = await apiFromPage(curator, '/api/plant-database');
          assert.equal(items.body.length, STORE_PLANTS);
          basilId = items.body.find((item) => item.commonName === "Sweet Basil 'Genovese'")?.id;
          assert.ok(basilId > 0, 'Sweet Basil was imported');
          await dismissToasts(curator);
          await tallShot(curator, 'admin-ecommerce-results-desktop');
          await curator.setViewportSize(PHONE);
          await assertNoSidewaysScroll(curator, 'import results');
          await tallShot(curator, 'admin-ecommerce-results-phone');
          await curator.setViewportSize(DESKTOP);
        },
      ],
      [
        'the list tab shows the imported plants; a plant added by hand is Manual',
        async () => {
          await curator.getByRole('tab', { name: 'Plant List' }).click();
          await curator.waitForURL(`${baseURL}/admin/plant-database?tab=list`);
          const table = curator.getByRole('table', { name: 'Plant database items' });
          await table.waitFor();
          assert.equal(await table.getByRole('row').count(), 1 + STORE_PLANTS);
          const basil = table.getByRole('row').filter({ hasText: "Sweet Basil 'Genovese'" });
          await basil.getByText('Imported').waitFor();
          await curator.getByRole('link', { name: 'Add Plant' }).first().click();
          await curator.waitForURL(`${baseURL}/admin/plants/new`);
          await curator.getByLabel('Common name').fill('Lemon Thyme');
          assert.equal(await curator.getByLabel('Slug').inputValue(), 'lemon-thyme');
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
          await curator.waitForURL(`${baseURL}/admin/plant-database?tab=list`);
          await curator.getByText('Plant database item created successfully').first().waitFor();
          await table.getByRole('row').filter({ hasText: 'Lemon Thyme' }).getByText('Manual').waitFor();
          await dismissToasts(curator);
          await tallShot(curator, 'admin-list-desktop');
          await curator.setViewportSize(PHONE);
          await assertNoSidewaysScroll(curator, 'list tab');
          await shot(curator, 'admin-list-phone');
          await curator.setViewportSize(DESKTOP);
        },
      ],
      [
        'changes the daily import time on the schedule tab and sees it saved',
        async () => {
          await curator.getByRole('tab', { name: 'Import Schedule' }).click();
          await curator.waitForURL(`${baseURL}/admin/plant-database?tab=schedule`);
          const history = curator.getByRole('table', { name: 'Import history' });
          await history.getByRole('row').filter({ hasText: 'Success' }).filter({ hasText: 'Manual' }).waitFor();
          const card = curator.getByRole('region', { name: 'Import Schedule' });
          await card.getByText('Enabled', { exact: true }).waitFor();
          assert.equal(await curator.getByLabel('Daily import time').inputValue(), '01:30');
          await curator.getByLabel('Daily import time').fill('04:15');
          await curator.getByRole('button', { name: 'Save Time' }).click();
          await curator.getByText('The import schedule has been updated successfully.').first().waitFor();
          await card.locator('.admin-facts__time').getByText('04:15').waitFor();
          const schedule = await apiFromPage(curator, '/api/ecommerce/schedule');
          assert.equal(schedule.body.time, '04:15');
          assert.equal(schedule.body.cronTime, '0 15 4 * * *');
          await curator.reload();
          assert.equal(await curator.getByLabel('Daily import time').inputValue(), '04:15');
          await dismissToasts(curator);
          await tallShot(curator, 'admin-schedule-desktop');
          await curator.setViewportSize(PHONE);
          await curator.getByLabel('Daily import time').waitFor();
          await assertNoSidewaysScroll(curator, 'schedule tab');
          await tallShot(curator, 'admin-schedule-phone');
          await curator.setViewportSize(DESKTOP);
        },
      ],
      [
        'a gardener finds an imported plant on /plant-database and adds it to My Plants',
        async () => {
          await signIn(picker, baseURL, PICKER.username, PICKER.password);
          await dismissToasts(picker);
          await mainNav(picker).getByRole('link', { name: 'Plant Database' }).click();
          await picker.waitForURL(`${baseURL}/plant-database`);
          await picker.getByRole('heading', { level: 1, name: 'Plant Database' }).waitFor();
          const grid = picker.getByRole('list', { name: 'Plant database' });
          await grid.getByRole('article').first().waitFor();
          assert.equal(await grid.getByRole('article').count(), STORE_PLANTS + 1);
          // The main images answer 404: the cards fall back to the packet picture.
          await picker.waitForFunction(() => {
            const img = document.querySelector(`img[alt="Beetroot 'Boltardy'"]`);
            return img?.naturalWidth === 96 && img.src.includes('beetroot-boltardy-pp-packet_800x.jpg');
          });
          await dismissToasts(picker);
          await tallShot(picker, 'plant-database-desktop');
          await picker.getByRole('tab', { name: 'Vegetables' }).click();
          await picker.waitForURL(`${baseURL}/plant-database?category=vegetables`);
          await picker.getByLabel('Search the plant database').fill('carrot');
          const carrot = grid.getByRole('article', { name: "Carrot 'Nantes 2'" });
          await carrot.getByText('Daucus carota').waitFor();
          assert.equal(await grid.getByRole('article').count(), 1);
          const [response] = await Promise.all([
            picker.waitForResponse((r) => r.url().endsWith('/api/plants') && r.request().method() === 'POST'),
            carrot.getByRole('button', { name: 'Add to My Plants' }).click(),
          ]);
          assert.equal(response.status(), 201);
          const sent = response.request().postDataJSON();
          assert.equal(sent.waterFrequency, 7, 'Moderate water: every 7 days');
          assert.equal(sent.fertilizerFrequency, 30);
          assert.ok(sent.plantDatabaseId > 0);
          const plant = await response.json();
          assert.equal(plant.name, "Carrot 'Nantes 2'");
          assert.equal(plant.species, 'Daucus carota');
          assert.equal(plant.plantType, 'Vegetables');
          await picker.getByText('Plant added').first().waitFor();
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
        },
      ],
      [
        'the species page: fallback image, Purchase Seeds, description and requirements; back to the tab',
        async () => {
          await picker.goto(`${baseURL}/plant-database?category=herbs`);
          const basil = picker.getByRole('article', { name: "Sweet Basil 'Genovese'" });
          await basil.getByRole('link', { name: 'Details' }).click();
          await picker.waitForURL(`${baseURL}/plant-database/${basilId}`);
          await picker.getByRole('heading', { level: 1, name: "Sweet Basil 'Genovese'" }).waitFor();
          const seeds = picker.getByRole('link', { name: 'Purchase Seeds' });
          assert.equal(await seeds.getAttribute('href'), `${env.GARDEN_CATALOGUE_URL}/products/sweet-basil-genovese-pp`);
          assert.equal(await seeds.getAttribute('target'), '_blank');
          assert.match(await seeds.getAttribute('rel'), /noopener/);
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
          await picker.waitForURL(`${baseURL}/plant-database?category=herbs`);
          await picker.goto(`${baseURL}/plant-database/999999`);
          await picker.getByRole('heading', { level: 1, name: 'Plant Not Found' }).waitFor();
        },
      ],
      [
        'the dashboard highlights link to the database pages',
        async () => {
          await mainNav(picker).getByRole('link', { name: 'Dashboard' }).click();
          const highlights = picker.getByRole('region', { name: 'Plant Database Highlights' });
          const first = highlights.getByRole('listitem').first().getByRole('link');
          assert.match(await first.getAttribute('href'), /^\/plant-database\/\d+$/);
          await first.click();
          await picker.waitForURL(/\/plant-database\/\d+$/);
          await picker.getByRole('button', { name: 'Add to My Plants' }).waitFor();
          await picker.goBack();
          await highlights.getByRole('link', { name: /Browse Database/ }).click();
          await picker.waitForURL(`${baseURL}/plant-database`);
        },
      ],
      [
        'no uncaught errors or console errors',
        async () => {
          assert.deepEqual(curatorErrors, []);
          assert.deepEqual(pickerErrors, []);
        },
      ],
    ]);
    await curatorContext.close();
    await pickerContext.close();

    await notificationsScenario({ browser, baseURL, env, gardenctl, scenario, shot, tallShot, signIn, dismissToasts, collectErrors, assertNoSidewaysScroll, apiFromPage, mainNav, log, CHROMIUM, DESKTOP, PHONE, ADMIN_PASSWORD, headless: !process.env.E2E_HEADFUL });
    await adminScenario({ browser, baseURL, env, gardenctl, scenario, tallShot, signIn, dismissToasts, collectErrors, assertNoSidewaysScroll, mainNav, DESKTOP, PHONE, ADMIN_PASSWORD });
  } catch (error) {
    results.push({ name: 'setup', ok: false, error });
    log(`setup failed: ${error?.stack || error}`);
  } finally {
    if (browser) await browser.close().catch(() => {});
    if (preview) await stopServer(preview).catch(() => {});
    if (store) await stopServer(store).catch(() => {});
    if (server) {
      try {
        const { code, signal } = await stopServer(server);
        if (code !== 0 && signal !== 'SIGTERM') throw new Error(`exit code ${code}, signal ${signal}`);
      } catch (error) {
        results.push({ name: 'final shutdown', ok: false, error });
        log(`final shutdown failed: ${error.message}`);
      }
      if (results.some((r) => !r.ok)) {
        log('\n--- gardenctl serve output (last lines) ---');
        log(server.output.join('').split('\n').slice(-40).join('\n'));
      }
    }
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  }

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  if (process.env.GARDEN_TEST_COUNTS) {
    await writeFile(process.env.GARDEN_TEST_COUNTS, `${passed} ${failed}\n`).catch((error) =>
      log(`could not write ${process.env.GARDEN_TEST_COUNTS}: ${error.message}`),
    );
  }
  log(`\nscreenshots: ${path.relative(repo, SHOTS)}/`);
  log(`e2e: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => bail(`e2e crashed: ${error?.stack || error}`));
