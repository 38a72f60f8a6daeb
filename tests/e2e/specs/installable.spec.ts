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
  const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions(), viewport: { width: 375, height: 812 } });
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
