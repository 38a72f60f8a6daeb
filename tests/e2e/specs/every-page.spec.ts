// Every page of the app, part 1 of 5: the garden (dashboard, plants, schedule, journal, plant
// database), as a superadmin with a garden full of things, plus two layout checks of its own.
// What every route gets, and why the routes are split over five files: support/every-page.ts.
// The other parts: every-page-planning, -admin, -community (signed in) and -signed-out.

import { test, expect } from '../fixtures';
import { describeEveryPage, settle, signedInAreas } from '../support/every-page';

describeEveryPage('every page: the garden (axe-core at 1280 and 390 px in both themes; fits at 360, 390 and 768 px)', {
  area: 'garden',
  signedIn: signedInAreas.garden,
  steps: ({ page: current }) => {
    test('My Plants is a compact row per plant on a phone and the card grid from tablet width', async () => {
      const page = current();
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto('/plants');
      await settle(page);
      const cards = page.locator('article.plant-card');
      await expect(cards).toHaveCount(6);
      const phone = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
      for (const height of phone) expect(height, 'a compact row on a phone').toBeLessThan(120);
      // Each row still shows the status and the next watering, whole.
      const first = cards.first();
      await expect(first.getByText(/Needs Water|Needs Care|Healthy/)).toBeVisible();
      await expect(first.getByRole('definition')).toBeVisible();
      const cut = await first.getByRole('definition').evaluate((dd) => dd.scrollWidth > dd.clientWidth);
      expect(cut, 'the next watering is not cut').toBe(false);
      const phoneHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: 768, height: 800 });
      await page.waitForTimeout(100);
      const tablet = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
      expect(new Set(tablet.map((r) => Math.round(r.x))).size, 'cards side by side from tablet width').toBeGreaterThan(1);
      for (const r of tablet) expect(r.height, 'a full card from tablet width').toBeGreaterThan(250);
      console.log(`My Plants, 6 plants: ${phoneHeight} px tall at 390 px; cards ${Math.round(tablet[0].height)} px at 768 px`);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    test('the dashboard does not shift after load (the Today list has its place)', async () => {
      const page = current();
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto('/');
      await page.evaluate(() => {
        (window as unknown as { __cls: number }).__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The seeded garden has overdue care: the Today list loads after the page, in its own space.
      // Read before anything scrolls (settle scrolls through the sections drawn as they come
      // near): this is the load a gardener sees without touching the page.
      await expect(page.getByRole('heading', { name: 'Today', exact: true })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Care due today' }).getByRole('listitem').first()).toBeVisible();
      // What the first screen drew has loaded (the places of the sections further down wait).
      await expect(page.locator('main [aria-busy="true"], main .skeleton:not([data-when-near])')).toHaveCount(0);
      await page.waitForTimeout(500);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      console.log(`dashboard at 390 px with overdue tasks: cumulative layout shift ${cls.toFixed(3)}`);
      expect(cls).toBeLessThanOrEqual(0.05);
      await settle(page);
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    // The sections further down are drawn as they come near (WhenNear): on a slow network each
    // arrives while the gardener is already looking at its place, so its place must be its
    // size, at every width, through each state it passes (placeholder, code, data).
    for (const width of [390, 768, 1280]) {
      test(`scrolling down the dashboard on a slow network at ${width} px, nothing jumps`, async () => {
        const page = current();
        await page.setViewportSize({ width, height: 800 });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        // Every request a quarter of a second late, as on a phone's mobile data.
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 250, downloadThroughput: -1, uploadThroughput: -1 });
        try {
          await page.goto('/');
          await expect(page.getByRole('list', { name: 'Care due today' }).getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
          await expect(page.locator('main [aria-busy="true"], main .skeleton:not([data-when-near])')).toHaveCount(0, { timeout: 20_000 });
          // Only what happens from here on: the scroll.
          await page.evaluate(() => {
            const w = window as unknown as { __scrollShift: number };
            w.__scrollShift = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as { value: number }[]) w.__scrollShift += entry.value;
            }).observe({ type: 'layout-shift' });
          });
          // A gardener reading down: a few lines at a time, with a moment for each.
          for (let i = 0; i < 16; i++) {
            await page.mouse.wheel(0, 250);
            await page.waitForTimeout(350);
          }
          await expect(page.locator('[data-when-near], main [aria-busy="true"], main .skeleton')).toHaveCount(0, { timeout: 20_000 });
          await page.waitForTimeout(300);
          const shift = await page.evaluate(() => (window as unknown as { __scrollShift: number }).__scrollShift);
          console.log(`dashboard scrolled at ${width} px on a slow network: layout shift ${shift.toFixed(3)}`);
          expect(shift).toBeLessThanOrEqual(0.05);
        } finally {
          await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
          await cdp.detach();
          await page.setViewportSize({ width: 1280, height: 800 });
        }
      });
    }
  },
});
