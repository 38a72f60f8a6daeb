// Administration and maintenance: the superadmin's pages, a site admin (role user) who adds a
// user until the site's user limit, and the maintenance notices (a function, then a whole site)
// seen by a gardener of that site, which the superadmin continues past. Every screenshot is
// taken at desktop and phone width.
//
// Tagged @exclusive: while the whole site is in maintenance every superadmin sees its notice,
// so this spec runs alone, after the others (see the projects in playwright.config.ts).

import type { Page } from '@playwright/test';
import { test, expect, DESKTOP, PHONE } from '../fixtures';

const SITE = 'Maple Grove';
const USER_LIMIT = 3;
const CHIEF = { username: 'maple-chief', password: 'secret-pass-chief', fullName: 'Maple Chief' };
const GARDENER = { username: 'maple-gardener', password: 'secret-pass-maple', fullName: 'Maple Gardener' };
const NEWCOMER = { username: 'maple-newcomer', email: 'newcomer@maple.example', password: 'sixsix', fullName: 'Nora Newcomer' };
const FORUM_MESSAGE = 'The forum is moving to a new home. Back this afternoon.';
const SITE_MESSAGE = 'Maple Grove is closed for the annual stock-take. Back tomorrow morning.';

const notice = (page: Page) => page.getByRole('region', { name: 'Maintenance Mode' });

test.describe('administration and maintenance (a superadmin, a site admin, a gardener of the site)', { tag: '@exclusive' }, () => {
  test.describe.configure({ mode: 'serial' });
  let admin: Page;
  let chief: Page;
  let gardener: Page;
  let errors: string[][];
  let siteId = 0;

  test.beforeAll(async ({ openPage, collectErrors }) => {
    admin = await openPage();
    chief = await openPage();
    gardener = await openPage();
    errors = [collectErrors(admin), collectErrors(chief), collectErrors(gardener)];
  });
  test.afterAll(async ({ closePages }) => closePages());

  /** Turns maintenance on for a function or a site on the superadmin's console, with a message. */
  const switchOn = async (name: string, message: string) => {
    await admin.getByRole('switch', { name: `Maintenance for ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Enable Maintenance Mode' });
    await dialog.getByLabel('Maintenance message').fill(message);
    await dialog.getByRole('button', { name: 'Enable Maintenance' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByText(`${name} is now in maintenance.`).first().waitFor();
  };
  /** Turns maintenance off again (nothing when it is off). */
  const switchOff = async (name: string) => {
    const toggle = admin.getByRole('switch', { name: `Maintenance for ${name}` });
    if (!(await toggle.isChecked())) return;
    await toggle.click();
    await admin.getByText(`${name} is available again.`).first().waitFor();
  };

  test(`a site with a user limit of ${USER_LIMIT}, its site admin and a gardener (gardenctl)`, async ({ gardenctl }) => {
    const created = await gardenctl('sites', 'create', '--name', SITE, '--user-limit', String(USER_LIMIT), '--city', 'Burlington');
    siteId = Number(/\(id (\d+)\)/.exec(created)?.[1]);
    expect(siteId > 0, `site id from: ${created}`).toBeTruthy();
    for (const [account, extra] of [
      [CHIEF, ['--site-admin']],
      [GARDENER, []],
    ] as const) {
      const out = await gardenctl('users', 'create', '--username', account.username, '--password', account.password, '--full-name', account.fullName, '--email', `${account.username}@maple.example`, '--site', String(siteId), ...extra);
      expect(out).toMatch(/created user/);
    }
  });

  test('the superadmin’s Admin Dashboard: users, categories, sites with limits, community', async ({ signIn, bothWidths, dismissToasts, mainNav, garden }) => {
    await signIn(admin, 'admin', garden.adminPassword);
    await dismissToasts(admin);
    await mainNav(admin).getByRole('link', { name: 'Admin Dashboard' }).click();
    await admin.waitForURL(`${garden.baseURL}/admin`);
    await admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const users = admin.getByRole('list', { name: 'Users' });
    await users.getByRole('article', { name: CHIEF.username }).getByText('Site Admin').waitFor();
    await admin.getByRole('searchbox', { name: 'Search' }).fill('maple');
    await users.getByRole('article', { name: GARDENER.username }).waitFor();
    // The search runs on the server; the previous rows stay (greyed) until its answer comes.
    await expect(users.getByRole('article'), 'the search keeps the two Maple Grove users').toHaveCount(2);
    await bothWidths(admin, 'admin-dashboard');
    await admin.getByRole('searchbox', { name: 'Search' }).fill('');

    await admin.getByRole('tab', { name: 'Categories' }).click();
    await admin.getByRole('button', { name: 'Add Category' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByLabel('Name').fill('V');
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await dialog.getByText('Name must be at least 2 characters').waitFor();
    await dialog.getByLabel('Name').fill('Volunteers');
    await dialog.getByLabel('Description').fill('People who help on open days');
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await admin.getByRole('list', { name: 'User categories' }).getByRole('article', { name: 'Volunteers' }).waitFor();

    await admin.getByRole('tab', { name: 'Sites' }).click();
    const site = admin.getByRole('list', { name: 'Sites' }).getByRole('article', { name: SITE });
    await site.getByText(`2 / ${USER_LIMIT}`).waitFor();
    await bothWidths(admin, 'admin-dashboard-sites');
    await admin.getByRole('tab', { name: 'Community' }).click();
    await admin.getByRole('article', { name: 'Forum Categories' }).getByRole('link', { name: 'Manage Categories' }).waitFor();
    expect(await admin.getByRole('button', { name: 'Coming Soon' }).count()).toBe(2);
  });

  test('the superadmin’s Sites page: limits as ∞ or a number, the site form and its rules', async ({ tallShot, bothWidths, mainNav, garden }) => {
    await mainNav(admin).getByRole('link', { name: 'Sites', exact: true }).click();
    await admin.waitForURL(`${garden.baseURL}/admin/sites`);
    const maple = admin.getByRole('article', { name: SITE });
    await maple.getByLabel(`2 of ${USER_LIMIT} users`).waitFor();
    await maple.getByText('Unlimited').waitFor();
    await bothWidths(admin, 'admin-sites');
    await admin.getByRole('button', { name: 'Add Site' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Add Site' });
    expect(await dialog.getByLabel('Country').inputValue()).toBe('United States');
    await dialog.getByLabel('Name').fill('X');
    await dialog.getByLabel('Website').fill('not a url');
    await dialog.getByLabel('User limit').fill('');
    await dialog.getByRole('button', { name: 'Create Site' }).click();
    await dialog.getByText('Name must be at least 2 characters').waitFor();
    await dialog.getByText('Please enter a valid URL').waitFor();
    await dialog.getByLabel('Category').locator('option', { hasText: 'Allotment' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Name').fill('Willow Allotments');
    await dialog.getByLabel('Website').fill('https://willow.example');
    await dialog.getByLabel('Category').selectOption({ label: 'Allotment' });
    await admin.waitForTimeout(250);
    await tallShot(admin, 'admin-site-form-desktop');
    await admin.setViewportSize(PHONE);
    await admin.waitForTimeout(250);
    await tallShot(admin, 'admin-site-form-phone');
    await admin.setViewportSize(DESKTOP);
    const [response] = await Promise.all([
      admin.waitForResponse((r) => r.url().endsWith('/api/sites') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Create Site' }).click(),
    ]);
    expect(response.status()).toBe(201);
    const body = response.request().postDataJSON();
    expect(body.userLimit, 'a blank user limit is sent as 0').toBe(0);
    expect(body.country).toBe('United States');
    const willow = admin.getByRole('article', { name: 'Willow Allotments' });
    await willow.getByLabel('0 of Unlimited users').waitFor();
    expect(await willow.innerText()).toMatch(/0 \/ ∞/);
    await willow.getByText('Allotment', { exact: true }).waitFor();
  });

  test('the superadmin’s Users page: the admin form, the account rules in the page', async ({ tallShot, bothWidths, mainNav, garden }) => {
    await mainNav(admin).getByRole('link', { name: 'Users', exact: true }).click();
    await admin.waitForURL(`${garden.baseURL}/admin/users`);
    await admin.getByRole('article', { name: CHIEF.username }).waitFor();
    await admin.getByRole('button', { name: `Delete ${CHIEF.username}` }).click();
    await admin.getByText('You cannot delete site admin accounts. Please remove admin privileges first.').first().waitFor();
    await bothWidths(admin, 'admin-users');
    await admin.getByRole('button', { name: `Edit ${GARDENER.username}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit User' });
    const flag = dialog.getByRole('checkbox', { name: 'Site admin' });
    expect(await flag.isEnabled()).toBe(true);
    await dialog.getByLabel('Role').selectOption('superadmin');
    expect(await flag.isDisabled(), 'no site admin flag for a superadmin').toBe(true);
    expect(await dialog.getByLabel('Site', { exact: true }).innerText(), 'a superadmin has no site').toBe('No site');
    await dialog.getByLabel('Role').selectOption('user');
    // The site picker searches the server: open it, search, pick.
    await dialog.getByLabel('Site', { exact: true }).click();
    await admin.getByRole('combobox', { name: 'Search sites' }).fill(SITE);
    await admin.getByRole('listbox', { name: 'Sites' }).getByRole('option', { name: SITE, exact: true }).click();
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Save User' }).click();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    await admin.waitForTimeout(250);
    await tallShot(admin, 'admin-user-form-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('a site admin of role user opens Site Users from Settings, adds a user and reaches the user limit', async ({ signIn, bothWidths, dismissToasts, mainNav, garden }) => {
    await signIn(chief, CHIEF.username, CHIEF.password);
    await dismissToasts(chief);
    // Issue 27: the site admin's way in is in the navigation too, with only what they may open.
    const adminGroup = mainNav(chief).getByRole('region', { name: 'Administration' });
    await adminGroup.waitFor();
    expect(await adminGroup.getByRole('link').allInnerTexts()).toEqual(['Site Users']);
    await mainNav(chief).getByRole('link', { name: 'Settings' }).click();
    await chief.getByRole('link', { name: 'Manage Site Users' }).click();
    await chief.waitForURL(`${garden.baseURL}/site-users`);
    await chief.getByRole('heading', { level: 1, name: 'Site Users' }).waitFor();
    const cards = chief.getByRole('list', { name: `Users of ${SITE}` });
    await cards.getByRole('article', { name: GARDENER.fullName }).waitFor();
    expect(await cards.getByRole('article').count()).toBe(2);
    expect(await chief.getByText('User limit reached').count()).toBe(0);
    await chief.getByRole('button', { name: 'Add User' }).click();
    const dialog = chief.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Username').fill('nn');
    await dialog.getByLabel('Password').fill('12345');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Username must be at least 3 characters').waitFor();
    await dialog.getByText('Please enter a valid email').waitFor();
    await dialog.getByText('Password must be at least 6 characters').waitFor();
    await dialog.getByLabel('Username').fill(NEWCOMER.username);
    await dialog.getByLabel('Email').fill(NEWCOMER.email);
    await dialog.getByLabel('Password').fill(NEWCOMER.password);
    await dialog.getByLabel('Full name (optional)').fill(NEWCOMER.fullName);
    expect(await dialog.getByLabel('Site', { exact: true }).inputValue()).toBe(String(siteId));
    const [response] = await Promise.all([
      chief.waitForResponse((r) => r.url().endsWith('/api/sites/users') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Create User' }).click(),
    ]);
    expect(response.status(), `create answered ${response.status()}`).toBe(201);
    expect(response.request().postDataJSON().role).toBe('user');
    await cards.getByRole('article', { name: NEWCOMER.fullName }).waitFor();
    const warning = chief.getByRole('alert').filter({ hasText: 'User limit reached' });
    await warning.waitFor();
    expect(await warning.innerText()).toMatch(new RegExp(`${SITE} has ${USER_LIMIT} of ${USER_LIMIT} users`));
    expect(await chief.getByRole('button', { name: 'Add User' }).isDisabled()).toBe(true);
    await bothWidths(chief, 'site-users');
  });

  test('a card opens the User Settings view with Editing User and Back to Users', async ({ bothWidths, garden }) => {
    await chief.getByRole('article', { name: NEWCOMER.fullName }).getByText(NEWCOMER.email).click();
    await chief.waitForURL(/\/settings\?userId=\d+$/);
    await chief.getByRole('heading', { level: 1, name: 'User Settings' }).waitFor();
    await chief.getByText('Editing User').waitFor();
    expect(await chief.getByLabel('Role').count(), 'a site admin edits the profile only').toBe(0);
    await bothWidths(chief, 'user-settings');
    await chief.getByRole('link', { name: 'Back to Users' }).click();
    await chief.waitForURL(`${garden.baseURL}/site-users`);
  });

  test('the superadmin’s Site Users: a site picker, the limit warning, Add Existing User', async ({ mainNav, garden }) => {
    await mainNav(admin).getByRole('link', { name: 'Site Users' }).click();
    await admin.waitForURL(`${garden.baseURL}/admin/site-users`);
    await admin.getByRole('button', { name: /^Site / }).click();
    const picker = admin.getByRole('dialog', { name: 'Choose a Site' });
    await picker.getByLabel('Search sites').fill('maple');
    await picker.getByRole('option', { name: new RegExp(SITE) }).click();
    await admin.waitForURL(`${garden.baseURL}/admin/site-users?site=${siteId}`);
    await admin.getByRole('alert').filter({ hasText: 'User limit reached' }).waitFor();
    expect(await admin.getByRole('button', { name: 'Add Existing User' }).isDisabled()).toBe(true);
    await admin.getByRole('article', { name: GARDENER.fullName }).getByRole('button', { name: /Make Admin \(site admin rights\)/ }).waitFor();
  });

  test('the superadmin puts the Community Forum in maintenance (a message first)', async ({ mainNav, garden }) => {
    await mainNav(admin).getByRole('link', { name: 'Maintenance Mode' }).click();
    await admin.waitForURL(`${garden.baseURL}/admin/maintenance`);
    await admin.getByRole('heading', { name: 'Application Functions' }).waitFor();
    await admin.getByRole('switch', { name: 'Maintenance for Community Forum' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Enable Maintenance Mode' });
    await dialog.getByRole('button', { name: 'Enable Maintenance' }).click();
    await dialog.getByText('A message is required to turn maintenance on').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await switchOn('Community Forum', FORUM_MESSAGE);
    const forum = admin.getByRole('list', { name: 'Application functions' }).getByRole('article', { name: 'Community Forum' });
    await forum.getByText('In maintenance').waitFor();
    expect(await forum.innerText()).toMatch(/Last end\s*Never/);
    // Superadmins are not stopped by a function notice: they see the forum itself.
    await admin.goto(`${garden.baseURL}/community/forum`);
    await admin.getByRole('heading', { level: 1, name: 'Community Forum' }).waitFor();
    expect(await notice(admin).count()).toBe(0);
  });

  test('a gardener of the site sees the forum notice on the forum only', async ({ signIn, bothWidths, dismissToasts, mainNav, garden }) => {
    await signIn(gardener, GARDENER.username, GARDENER.password);
    await dismissToasts(gardener);
    await gardener.goto(`${garden.baseURL}/community/forum`);
    await notice(gardener).getByRole('heading', { name: 'Maintenance for: Community Forum' }).waitFor();
    await notice(gardener).getByText("We're currently performing maintenance. Please check back soon.").waitFor();
    await notice(gardener).getByText(FORUM_MESSAGE).waitFor();
    await notice(gardener).getByRole('button', { name: 'Refresh Page' }).waitFor();
    expect(await notice(gardener).getByRole('button', { name: 'Continue Anyway' }).count()).toBe(0);
    await bothWidths(gardener, 'maintenance-notice-function');
    await mainNav(gardener).getByRole('link', { name: 'My Plants' }).click();
    await gardener.getByRole('heading', { level: 1, name: 'My Plants' }).waitFor();
    expect(await notice(gardener).count()).toBe(0);
  });

  test('the superadmin puts the whole site in maintenance', async ({ bothWidths, garden }) => {
    await admin.goto(`${garden.baseURL}/admin/maintenance`);
    await switchOn(SITE, SITE_MESSAGE);
    await admin.getByRole('list', { name: 'Sites' }).getByRole('article', { name: SITE }).getByText('In maintenance').waitFor();
    await bothWidths(admin, 'admin-maintenance');
  });

  test('the gardener of that site sees the site-wide notice everywhere', async ({ bothWidths, garden }) => {
    await gardener.goto(`${garden.baseURL}/`);
    await notice(gardener).getByRole('heading', { name: 'Site-wide maintenance' }).waitFor();
    await notice(gardener).getByText(SITE_MESSAGE).waitFor();
    await notice(gardener).getByText(SITE, { exact: true }).waitFor();
    expect(await gardener.getByRole('heading', { name: 'Your Garden Dashboard' }).count()).toBe(0);
    await bothWidths(gardener, 'maintenance-notice');
    await gardener.goto(`${garden.baseURL}/settings`);
    await notice(gardener).getByRole('heading', { name: 'Site-wide maintenance' }).waitFor();
    // The server refuses the site's writes too (from here, not the page: the browser would log the 503).
    const token = await gardener.evaluate(() => localStorage.getItem('token'));
    const write = await fetch(`${garden.baseURL}/api/user/settings`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: 'Someone Else' }),
    });
    expect(write.status, 'the server refuses the write too').toBe(503);
    expect((await write.json()).message).toBe(SITE_MESSAGE);
  });

  test('the superadmin gets Continue Anyway and Manage Maintenance, and continues for the session', async ({ bothWidths, garden }) => {
    await admin.goto(`${garden.baseURL}/`);
    await notice(admin).getByRole('heading', { name: 'Site-wide maintenance' }).waitFor();
    await notice(admin).getByText('Administrator notice').waitFor();
    expect(await notice(admin).getByRole('link', { name: 'Manage Maintenance' }).getAttribute('href')).toBe('/admin/maintenance');
    expect(await notice(admin).getByRole('button', { name: 'Refresh Page' }).count()).toBe(0);
    await bothWidths(admin, 'maintenance-notice-superadmin');
    await notice(admin).getByRole('button', { name: 'Continue Anyway' }).click();
    await admin.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
    await admin.reload();
    await admin.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
    expect(await notice(admin).count(), 'the bypass lasts for the session').toBe(0);
  });

  test('maintenance ends at once: the gardener is back, and sees their settings', async ({ bothWidths, mainNav, garden }) => {
    await admin.goto(`${garden.baseURL}/admin/maintenance`);
    await switchOff(SITE);
    await switchOff('Community Forum');
    const forum = admin.getByRole('list', { name: 'Application functions' }).getByRole('article', { name: 'Community Forum' });
    await forum.getByText('Operational').waitFor();
    expect(await forum.innerText()).not.toMatch(/Last end\s*Never/);
    await gardener.goto(`${garden.baseURL}/`);
    await gardener.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
    await mainNav(gardener).getByRole('link', { name: 'Settings' }).click();
    await gardener.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await gardener.getByRole('heading', { name: 'Theme Preferences' }).waitFor();
    expect(await gardener.getByLabel('User category').count(), 'no category for a gardener').toBe(0);
    await bothWidths(gardener, 'settings');
    const [response] = await Promise.all([
      gardener.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PATCH'),
      gardener.getByRole('button', { name: 'Save Account Settings' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect('password' in response.request().postDataJSON(), 'an empty password is not sent').toBe(false);
    await gardener.getByText('Settings saved').first().waitFor();
  });

  test('no uncaught errors or console errors', async () => {
    for (const list of errors) expect(list).toEqual([]);
  });
});
