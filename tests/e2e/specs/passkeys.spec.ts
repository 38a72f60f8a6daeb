// Passkeys (issue 28 item 3) with Chromium's virtual authenticator (CDP WebAuthn domain):
// register one in Settings › Security and rename it, sign in with it and no password, remove it.
//
// Browsers refuse an IP address as a WebAuthn relying party, so this spec runs a gardenctl of
// its own whose GARDEN_BASE_URL is http://localhost:PORT (a secure context like https).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { E2E_DIR, freePort, gardenVars, runGardenctl, startServer, stopProcess, waitReady, type Running } from '../support/server';

const USER = { username: 'passkey-gardener', password: 'secret-pass-passkey' };

test.describe('passkeys', () => {
  test.describe.configure({ mode: 'serial' });
  let server: Running;
  let dataDir: string;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  test.beforeAll(async ({ browser }) => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'garden-passkeys-'));
    const port = await freePort();
    base = `http://localhost:${port}`;
    const env = { ...process.env, ...gardenVars(dataDir, port, 'passkey-admin-password'), GARDEN_BASE_URL: base };
    await runGardenctl(env, ['migrate']);
    server = startServer(env, path.join(E2E_DIR, 'test-results', 'passkeys-server.log'));
    await waitReady(`http://127.0.0.1:${port}`, server);
    await runGardenctl(env, ['users', 'create', '--username', USER.username, '--password', USER.password, '--role', 'user']);
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
  });

  test.afterAll(async () => {
    await context?.close();
    if (server) await stopProcess(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function signOut() {
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`${base}/auth`);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  }

  test('registers and renames a passkey in Settings › Security', async () => {
    await page.goto(`${base}/auth`);
    await page.getByLabel('Username').fill(USER.username);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/settings`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys' }) });
    await expect(card.getByText('No passkeys')).toBeVisible();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await card.getByLabel('Passkey name').fill('Test laptop');
    await card.getByRole('button', { name: 'Create passkey' }).click();
    await expect(card.getByText('Test laptop')).toBeVisible();
    await expect(card.getByText('Never used')).toBeVisible();
    await card.getByRole('button', { name: 'Rename Test laptop' }).click();
    await card.getByLabel('Passkey name').fill('Work laptop');
    await card.getByRole('button', { name: 'Rename', exact: true }).click();
    await expect(card.getByText('Work laptop')).toBeVisible();
  });

  test('signs in with the passkey and no password', async () => {
    await signOut();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/settings`);
    const signIns = page.locator('section', { has: page.getByRole('heading', { name: 'Recent sign-ins' }) });
    await expect(signIns.getByText('Passkey').first()).toBeVisible();
    const sessions = page.locator('section', { has: page.getByRole('heading', { name: 'Where you are signed in' }) });
    await expect(sessions.locator('li', { hasText: 'This device' })).toContainText('Passkey');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys' }) });
    await expect(card.getByText(/Last used/)).toBeVisible();
  });

  test('removes the passkey, which then signs nobody in', async () => {
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys' }) });
    await card.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(card.getByText('No passkeys')).toBeVisible();
    await signOut();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toContainText('The passkey could not be verified');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });

  test('no uncaught errors', () => {
    expect(errors).toEqual([]);
  });
});
