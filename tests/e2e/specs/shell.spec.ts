// The app shell, signed out and in: a gardener (role user) from the sign-in page to logging
// out, at desktop and phone width; then the superadmin, who impersonates that gardener and
// comes back.

import type { Page } from '@playwright/test';
import { test, expect, DESKTOP, PHONE, type Account } from '../fixtures';

const GARDENER: Account = { username: 'gardener', password: 'secret-pass-1' };
let gardenerId = 0;

test.beforeAll(async ({ createUser }) => {
  gardenerId = await createUser(GARDENER, '--role', 'user');
});

test.describe('gardener (role user)', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let pageErrors: string[];

  test.beforeAll(async ({ openPage, collectErrors }) => {
    page = await openPage();
    pageErrors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('a signed-out visit to / goes to /auth?redirect=%2F', async ({ shot, garden }) => {
    await page.goto(`${garden.baseURL}/`);
    await page.waitForURL(`${garden.baseURL}/auth?redirect=%2F`);
    await page.getByRole('heading', { name: 'Sign in to your garden' }).waitFor();
    expect(new URL(page.url()).search).toBe('?redirect=%2F');
    await page.getByRole('link', { name: /Buy a License/ }).waitFor();
    await page.getByText('Seasonal planting tips').waitFor();
    await shot(page, 'auth-desktop');
  });

  test('a too-short username shows the validation message', async () => {
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password', { exact: true }).fill(GARDENER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    expect(await page.getByRole('alert').count(), 'no server alert for client-side validation').toBe(0);
  });

  test('a wrong password shows Authentication Failed', async ({ shot }) => {
    await page.getByLabel('Username').fill(GARDENER.username);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Authentication Failed' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/Invalid username or password/);
    await page.getByText('Login failed').first().waitFor();
    await shot(page, 'auth-failed-desktop');
  });

  test('signing in lands on the dashboard', async ({ signIn, shot }) => {
    await signIn(page, GARDENER.username, GARDENER.password);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') || 'null'),
    }));
    expect(stored.token, 'token stored').toBeTruthy();
    expect(stored.user?.username).toBe(GARDENER.username);
    await page.getByText('Login successful').first().waitFor();
    expect(await page.title()).toBe('Dashboard · Garden');
    await shot(page, 'dashboard-desktop');
  });

  test('the navigation shows Main but not Administration', async ({ mainNav }) => {
    const nav = mainNav(page);
    await nav.getByRole('button', { name: 'Main' }).waitFor();
    await nav.getByRole('link', { name: 'My Plants' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Administration' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
  });

  test('the header shows the user with a menu to log out', async ({ shot, dismissToasts }) => {
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Account menu for gardener' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('@gardener · User').waitFor();
    await menu.getByRole('menuitem', { name: 'Log Out' }).waitFor();
    await shot(page, 'user-menu-desktop');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  test('the dashboard works at phone width (375 px)', async ({ shot, dismissToasts, mainNav }) => {
    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
    await page.getByRole('navigation', { name: 'Quick links' }).waitFor({ state: 'visible' });
    expect(await mainNav(page).isVisible(), 'sidebar hidden on phones').toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`).toBeTruthy();
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
  });

  test('/admin shows Access Denied', async ({ shot, garden }) => {
    await page.goto(`${garden.baseURL}/admin`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('You need admin privileges to access this page.').waitFor();
    await page.getByText('Your current role').waitFor();
    await shot(page, 'access-denied-desktop');
  });

  test('/does-not-exist shows the 404 page', async ({ shot, garden }) => {
    await page.goto(`${garden.baseURL}/does-not-exist`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await shot(page, 'not-found-desktop');
  });

  test('the debug page checks the token with the server', async ({ garden }) => {
    await page.goto(`${garden.baseURL}/debug/token`);
    await page.getByRole('button', { name: 'Check Authentication' }).click();
    await page.getByText('Successfully authenticated with the server').first().waitFor();
  });

  test('logging out goes back to /auth and revokes the token', async ({ mainNav, garden }) => {
    await page.goto(`${garden.baseURL}/`);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await mainNav(page).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${garden.baseURL}/auth`);
    await page.getByRole('heading', { name: 'Sign in to your garden' }).waitFor();
    await page.getByText('You have been successfully logged out.').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(null);
    const check = await fetch(`${garden.apiURL}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(check.status, 'the old token no longer works').toBe(401);
  });

  test('the sign-in page works at phone width', async ({ shot, garden }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`${garden.baseURL}/auth`);
    await page.getByRole('heading', { name: 'Sign in to your garden' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `no horizontal scrolling (overflow ${overflow}px)`).toBeTruthy();
    await shot(page, 'auth-phone', { fullPage: true });
  });

  test('no uncaught errors or console errors', async () => {
    expect(pageErrors).toEqual([]);
  });
});

test.describe('superadmin', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: Page;
  let adminErrors: string[];

  test.beforeAll(async ({ openPage, collectErrors }) => {
    admin = await openPage();
    adminErrors = collectErrors(admin);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('signs in and sees the Administration group', async ({ signIn, mainNav, garden }) => {
    await signIn(admin, 'admin', garden.adminPassword);
    const nav = mainNav(admin);
    await nav.getByRole('button', { name: 'Administration' }).waitFor();
    for (const name of ['Admin Dashboard', 'Sites', 'Users', 'Site Users', 'Maintenance Mode', 'Notifications']) {
      await nav.getByRole('link', { name, exact: true }).waitFor();
    }
    await admin.goto(`${garden.baseURL}/admin/maintenance`);
    await admin.getByRole('heading', { name: 'Application Functions' }).waitFor();
  });

  test('impersonating the gardener shows the amber banner', async ({ shot, mainNav, garden }) => {
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
      const originalUser = JSON.parse(localStorage.getItem('user') ?? 'null');
      localStorage.setItem('token', body.token);
      localStorage.setItem('user', JSON.stringify(body.user));
      localStorage.setItem('impersonation', JSON.stringify({ isImpersonating: true, originalUser }));
      return { username: body.user.username };
    }, gardenerId);
    expect(outcome.error, outcome.error).toBe(undefined);
    expect(outcome.username).toBe(GARDENER.username);
    await admin.goto(`${garden.baseURL}/`);
    const banner = admin.getByRole('region', { name: 'Impersonation' });
    await banner.waitFor();
    expect((await banner.innerText()).replace(/\s+/g, ' ').trim().replace(/ ?Exit Impersonation$/, '')).toBe('You are impersonating gardener. All actions will be performed as this user.');
    expect(await mainNav(admin).getByRole('button', { name: 'Administration' }).count()).toBe(0);
    await shot(admin, 'impersonation-desktop');
    await admin.setViewportSize(PHONE);
    await shot(admin, 'impersonation-phone');
    await admin.setViewportSize(DESKTOP);
  });

  test('Exit Impersonation restores the superadmin', async ({ mainNav, garden }) => {
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
    expect(after.token && after.token !== before, 'a new token was stored').toBeTruthy();
    expect(after.user?.username).toBe('admin');
    expect(after.impersonation).toBe(null);
    const me = await fetch(`${garden.apiURL}/api/user`, { headers: { Authorization: `Bearer ${after.token}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe('admin');
  });

  test('no uncaught errors or console errors', async () => {
    expect(adminErrors).toEqual([]);
  });
});
