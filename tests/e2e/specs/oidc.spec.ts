// Single sign-on (issue 28 item 1): the whole authorization code flow in Chromium against a real
// OpenID provider process on 127.0.0.1 (tests/oidcprovider: zitadel/oidc's example OP). The
// first sign-in makes the account, a second user's sign-in links an existing account after its
// password, a wrong state or nonce is refused, and so is a disallowed e-mail domain.
//
// The spec runs a gardenctl of its own, configured with GARDEN_OIDC_*, so the shared server of
// the other specs keeps single sign-on off.

import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { E2E_DIR, REPO, freePort, gardenVars, runGardenctl, startServer, stopProcess, waitReady, type Running } from '../support/server';

const PROVIDER = path.resolve(REPO, process.env.OIDCPROVIDER_BIN || './bin/oidcprovider');
const DAVE = { username: 'dave', password: 'secret-pass-dave', email: 'dave@household.test' };

/** Starts the provider (built first when missing); it prints its issuer on its first line. */
async function startProvider(): Promise<{ child: ReturnType<typeof spawn>; issuer: string }> {
  if (!existsSync(PROVIDER)) {
    execFileSync('go', ['build', '-o', PROVIDER, './tests/oidcprovider'], { cwd: REPO, env: { ...process.env, CGO_ENABLED: '0' }, stdio: 'inherit' });
  }
  const child = spawn(PROVIDER, ['-client-id', 'garden', '-client-secret', 'garden-secret'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  const issuer = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('the OpenID provider printed no issuer within 20 s')), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      if (buffered.includes('\n')) {
        clearTimeout(timer);
        resolve(buffered.split('\n')[0].trim());
      }
    });
    child.on('exit', (code) => reject(new Error(`the OpenID provider exited (code ${code})`)));
  });
  return { child, issuer };
}

test.describe('single sign-on', () => {
  test.describe.configure({ mode: 'serial' });
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let server: Running;
  let dataDir: string;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    provider = await startProvider();
    dataDir = await mkdtemp(path.join(tmpdir(), 'garden-oidc-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      ...gardenVars(dataDir, port, 'oidc-admin-password'),
      GARDEN_BASE_URL: base,
      GARDEN_OIDC_ISSUER: provider.issuer,
      GARDEN_OIDC_CLIENT_ID: 'garden',
      GARDEN_OIDC_CLIENT_SECRET: 'garden-secret',
      GARDEN_OIDC_NAME: 'Household ID',
      GARDEN_OIDC_ALLOWED_DOMAINS: 'household.test',
    };
    await runGardenctl(env, ['migrate']);
    server = startServer(env, path.join(E2E_DIR, 'test-results', 'oidc-server.log'));
    await waitReady(base, server);
    await runGardenctl(env, ['users', 'create', '--username', DAVE.username, '--password', DAVE.password, '--role', 'user', '--email', DAVE.email]);
    // The steps that tamper with the flow (a wrong state, a wrong nonce) intercept its requests
    // with page.route, which does not see the requests a service worker makes: with the app's
    // worker controlling the page (it registers at the first idle moment), the tampering was
    // skipped and the flow went through. No service worker in this context.
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });

  test.afterAll(async () => {
    await context?.close();
    if (server) await stopProcess(server);
    provider?.child.kill('SIGTERM');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Signs out, clicks "Sign in with Household ID" and signs in at the provider as username. */
  async function signInAtProvider(username: string) {
    await page.evaluate(() => window.localStorage.clear()).catch(() => {});
    await page.goto(`${base}/auth`);
    await page.getByRole('button', { name: 'Sign in with Household ID' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer && url.pathname.startsWith('/login/'));
    await page.getByLabel('Username:').fill(username);
    await page.getByLabel('Password:').fill('verysecure');
    await page.getByRole('button', { name: 'Login' }).click();
  }

  test('the first sign-in makes the account', async ({ shot }) => {
    await page.goto(`${base}/auth`);
    await expect(page.getByRole('button', { name: 'Sign in with Household ID' })).toBeVisible();
    await shot(page, 'oidc-sign-in-button');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'oidc-sign-in-button-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAtProvider('alice');
    await page.waitForURL(`${base}/`);
    const me = await page.evaluate(async () => {
      const r = await fetch('/api/user', { headers: { Authorization: `Bearer ${window.localStorage.getItem('token')}` } });
      return r.json();
    });
    expect(me.username).toBe('alice');
    expect(me.email).toBe('alice@household.test');
    await page.goto(`${base}/settings`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Single sign-on' }) });
    await expect(card.getByText('alice@household.test')).toBeVisible();
    await expect(card.getByText('Set a password to unlink')).toBeVisible();
    await card.getByText('alice@household.test').scrollIntoViewIfNeeded();
    await shot(page, 'oidc-settings-linked');
  });

  test('a second account links after its password', async ({ shot }) => {
    await signInAtProvider('dave');
    await page.waitForURL((url) => url.pathname === '/login/oidc');
    await expect(page.getByText('An account named')).toBeVisible();
    await shot(page, 'oidc-link-password');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'oidc-link-password-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await expect(page.getByText('Wrong password').first()).toBeVisible();
    await page.getByLabel('Password').fill(DAVE.password);
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.waitForURL(`${base}/`);
    // Linked: the next sign-in goes straight in.
    await signInAtProvider('dave');
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/settings`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Single sign-on' }) });
    await expect(card.getByText(DAVE.email)).toBeVisible();
    await card.getByRole('button', { name: 'Unlink' }).click();
    await page.getByRole('button', { name: 'Unlink' }).last().click();
    await expect(card.getByText('Not linked')).toBeVisible();
  });

  test('a wrong state is refused', async () => {
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`${base}/auth`);
    await page.getByRole('button', { name: 'Sign in with Household ID' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer && url.pathname.startsWith('/login/'));
    // The callback comes back with a state that is not this flow's (a redirect cannot be
    // intercepted, so the page's request to the API carries the forged one).
    const callback = `${base}/api/login/oidc/finish`;
    await page.route(callback, async (route) => {
      const body = route.request().postDataJSON() as Record<string, string>;
      await route.continue({ postData: JSON.stringify({ ...body, state: 'forged-state' }) });
    });
    await page.getByLabel('Username:').fill('alice');
    await page.getByLabel('Password:').fill('verysecure');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('The sign-in with your identity provider could not be verified. Please try again.')).toBeVisible();
    await page.unroute(callback);
  });

  test('a wrong nonce is refused', async () => {
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`${base}/auth`);
    // The browser goes to the provider with another nonce than the one Garden keeps (say, an
    // ID token replayed from another sign-in).
    const begin = `${base}/api/login/oidc/begin`;
    await page.route(begin, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { flow: string; url: string };
      const u = new URL(json.url);
      u.searchParams.set('nonce', 'replayed-nonce');
      await route.fulfill({ response, json: { ...json, url: u.toString() } });
    });
    await page.getByRole('button', { name: 'Sign in with Household ID' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer && url.pathname.startsWith('/login/'));
    await page.unroute(begin);
    await page.getByLabel('Username:').fill('alice');
    await page.getByLabel('Password:').fill('verysecure');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('The sign-in with your identity provider could not be verified. Please try again.')).toBeVisible();
  });

  test('a disallowed domain is refused', async ({ shot }) => {
    await signInAtProvider('carol');
    await expect(page.getByText("Your e-mail address's domain is not allowed to sign in here")).toBeVisible();
    await shot(page, 'oidc-refused');
    expect(errors).toEqual([]);
  });
});
