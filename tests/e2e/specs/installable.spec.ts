// The installable app (issue #15): Chromium's own installability check passes on the sign-in
// page (manifest with icons, a service worker with a fetch handler), and with the network gone
// a reload still opens the app from the service worker's shell and says it is offline.
// Installability is not reported in incognito contexts, so this spec uses a persistent profile.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { test, expect } from '../fixtures';
import { chromiumLaunchOptions } from '../support/chromium';

test('the app is installable and opens offline', async ({ garden }) => {
  const profile = mkdtempSync(join(tmpdir(), 'garden-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions(),
    viewport: { width: 375, height: 812 },
    // The runner gives every context the config's `use`, this one too: the worker is what it tests.
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${garden.baseURL}/auth`);
    await page.getByRole('heading', { name: 'Sign in to your garden' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Garden', start_url: '/', display: 'standalone' });

    // The worker takes control once it is active; a reload puts the page under it.
    await page.reload();
    await page.evaluate(() => navigator.serviceWorker.controller !== null || new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r)));
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to your garden' })).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

// index.html starts the app after the boot shell's first frame when a session is stored, by
// which time the page can have loaded: the worker must be registered then too, or a gardener
// who never signs in again never gets offline use nor push.
test('a returning gardener who opens the dashboard gets the service worker too', async ({ garden, openPage, createUser }) => {
  const account = { username: 'returning-gardener', password: 'returning-gardener-pw' };
  await createUser(account, '--role', 'user');
  const login = await fetch(`${garden.apiURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(login.status).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: unknown };
  const page = await openPage({ stayLocal: false, serviceWorkers: 'allow' });
  // The session as the app keeps it, set on a static file of the origin (no app, no worker yet).
  await page.goto(`${garden.baseURL}/favicon.svg`);
  await page.evaluate(([t, u]) => {
    localStorage.setItem('token', t);
    localStorage.setItem('user', u);
  }, [token, JSON.stringify(user)] as const);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  await page.goto(`${garden.baseURL}/`);
  await page.getByRole('heading', { level: 1, name: 'Your Garden Dashboard' }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
});
