// Browser end-to-end tests of administration and maintenance: the superadmin's pages, a site
// admin (role user) who adds a user until the site's user limit, and the maintenance notices
// (a function, then a whole site) seen by a gardener of that site, which the superadmin
// continues past. Registered in tests/e2e/run.mjs, which passes its helpers and the running
// server. Every screenshot is taken at desktop and phone width.

import assert from 'node:assert/strict';

const SITE = 'Maple Grove';
const USER_LIMIT = 3;
const CHIEF = { username: 'maple-chief', password: 'secret-pass-chief', fullName: 'Maple Chief' };
const GARDENER = { username: 'maple-gardener', password: 'secret-pass-maple', fullName: 'Maple Gardener' };
const NEWCOMER = { username: 'maple-newcomer', email: 'newcomer@maple.example', password: 'sixsix', fullName: 'Nora Newcomer' };
const FORUM_MESSAGE = 'The forum is moving to a new home. Back this afternoon.';
const SITE_MESSAGE = 'Maple Grove is closed for the annual stock-take. Back tomorrow morning.';

/** Everything outside the app (the seed store's CDN images) answers 404, which is not logged as an error. */
async function stayLocal(context, baseURL) {
  await context.route(
    (url) => !url.href.startsWith(baseURL),
    (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }),
  );
}

export async function adminScenario(t) {
  const {
    browser,
    baseURL,
    env,
    gardenctl,
    scenario,
    tallShot,
    signIn,
    dismissToasts,
    collectErrors,
    assertNoSidewaysScroll,
    mainNav,
    DESKTOP,
    PHONE,
    ADMIN_PASSWORD,
  } = t;

  const contexts = [];
  const open = async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    context.setDefaultTimeout(10_000);
    await stayLocal(context, baseURL);
    contexts.push(context);
    return context.newPage();
  };
  const admin = await open();
  const chief = await open();
  const gardener = await open();
  const errors = [collectErrors(admin), collectErrors(chief), collectErrors(gardener)];
  let siteId = 0;

  /** Desktop and phone screenshots of the page as it is, with no sideways scrolling on phones. */
  const both = async (page, name) => {
    await dismissToasts(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await tallShot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(150);
    await assertNoSidewaysScroll(page, name);
    await tallShot(page, `${name}-phone`);
    await page.setViewportSize(DESKTOP);
  };
  const notice = (page) => page.getByRole('region', { name: 'Maintenance Mode' });
  const switchOn = async (name, message) => {
    await admin.getByRole('switch', { name: `Maintenance for ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Enable Maintenance Mode' });
    await dialog.getByLabel('Maintenance message').fill(message);
    await dialog.getByRole('button', { name: 'Enable Maintenance' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByText(`${name} is now in maintenance.`).first().waitFor();
  };
  const switchOff = async (name) => {
    const toggle = admin.getByRole('switch', { name: `Maintenance for ${name}` });
    if (!(await toggle.isChecked())) return;
    await toggle.click();
    await admin.getByText(`${name} is available again.`).first().waitFor();
  };

  try {
    await scenario('administration and maintenance (a superadmin, a site admin, a gardener of the site)', [
      [
        `a site with a user limit of ${USER_LIMIT}, its site admin and a gardener (gardenctl)`,
        async () => {
          const created = await gardenctl(env, 'sites', 'create', '--name', SITE, '--user-limit', String(USER_LIMIT), '--city', 'Burlington');
          siteId = Number(/\(id (\d+)\)/.exec(created)?.[1]);
          assert.ok(siteId > 0, `site id from: ${created}`);
          for (const [account, extra] of [
            [CHIEF, ['--site-admin']],
            [GARDENER, []],
          ]) {
            const out = await gardenctl(
              env, 'users', 'create', '--username', account.username, '--password', account.password,
              '--full-name', account.fullName, '--email', `${account.username}@maple.example`, '--site', String(siteId), ...extra,
            );
            assert.match(out, /created user/);
          }
        },
      ],
      [
        'the superadmin’s Admin Dashboard: users, categories, sites with limits, community',
        async () => {
          await signIn(admin, baseURL, 'admin', ADMIN_PASSWORD);
          await dismissToasts(admin);
          await mainNav(admin).getByRole('link', { name: 'Admin Dashboard' }).click();
          await admin.waitForURL(`${baseURL}/admin`);
          await admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
          const users = admin.getByRole('list', { name: 'Users' });
          await users.getByRole('article', { name: CHIEF.username }).getByText('Site Admin').waitFor();
          await admin.getByRole('searchbox', { name: 'Search' }).fill('maple');
          await users.getByRole('article', { name: GARDENER.username }).waitFor();
          assert.equal(await users.getByRole('article').count(), 2, 'the search keeps the two Maple Grove users');
          await both(admin, 'admin-dashboard');
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
          await both(admin, 'admin-dashboard-sites');
          await admin.getByRole('tab', { name: 'Community' }).click();
          await admin.getByRole('article', { name: 'Forum Categories' }).getByRole('link', { name: 'Manage Categories' }).waitFor();
          assert.equal(await admin.getByRole('button', { name: 'Coming Soon' }).count(), 2);
        },
      ],
      [
        'the superadmin’s Sites page: limits as ∞ or a number, the site form and its rules',
        async () => {
          await mainNav(admin).getByRole('link', { name: 'Sites', exact: true }).click();
          await admin.waitForURL(`${baseURL}/admin/sites`);
          const maple = admin.getByRole('article', { name: SITE });
          await maple.getByLabel(`2 of ${USER_LIMIT} users`).waitFor();
          await maple.getByText('Unlimited').waitFor();
          await both(admin, 'admin-sites');
          await admin.getByRole('button', { name: 'Add Site' }).first().click();
          const dialog = admin.getByRole('dialog', { name: 'Add Site' });
          assert.equal(await dialog.getByLabel('Country').inputValue(), 'United States');
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
          assert.equal(response.status(), 201);
          const body = response.request().postDataJSON();
          assert.equal(body.userLimit, 0, 'a blank user limit is sent as 0');
          assert.equal(body.country, 'United States');
          const willow = admin.getByRole('article', { name: 'Willow Allotments' });
          await willow.getByLabel('0 of Unlimited users').waitFor();
          assert.match(await willow.innerText(), /0 \/ ∞/);
          await willow.getByText('Allotment', { exact: true }).waitFor();
        },
      ],
      [
        'the superadmin’s Users page: the admin form, the account rules in the page',
        async () => {
          await mainNav(admin).getByRole('link', { name: 'Users', exact: true }).click();
          await admin.waitForURL(`${baseURL}/admin/users`);
          await admin.getByRole('article', { name: CHIEF.username }).waitFor();
          await admin.getByRole('button', { name: `Delete ${CHIEF.username}` }).click();
          await admin.getByText('You cannot delete site admin accounts. Please remove admin privileges first.').first().waitFor();
          await both(admin, 'admin-users');
          await admin.getByRole('button', { name: `Edit ${GARDENER.username}` }).click();
          const dialog = admin.getByRole('dialog', { name: 'Edit User' });
          const flag = dialog.getByRole('checkbox', { name: 'Site admin' });
          assert.equal(await flag.isEnabled(), true);
          await dialog.getByLabel('Role').selectOption('superadmin');
          assert.equal(await flag.isDisabled(), true, 'no site admin flag for a superadmin');
          assert.equal(await dialog.getByLabel('Site', { exact: true }).inputValue(), '', 'a superadmin has no site');
          await dialog.getByLabel('Role').selectOption('user');
          await dialog.getByLabel('Site', { exact: true }).selectOption({ label: SITE });
          await dialog.getByLabel('Password').fill('short');
          await dialog.getByRole('button', { name: 'Save User' }).click();
          await dialog.getByText('Password must be at least 8 characters').waitFor();
          await admin.waitForTimeout(250);
          await tallShot(admin, 'admin-user-form-desktop');
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await dialog.waitFor({ state: 'hidden' });
        },
      ],
      [
        'a site admin of role user opens Site Users from Settings, adds a user and reaches the user limit',
        async () => {
          await signIn(chief, baseURL, CHIEF.username, CHIEF.password);
          await dismissToasts(chief);
          assert.equal(await mainNav(chief).getByRole('button', { name: 'Administration' }).count(), 0);
          await mainNav(chief).getByRole('link', { name: 'Settings' }).click();
          await chief.getByRole('link', { name: 'Manage Site Users' }).click();
          await chief.waitForURL(`${baseURL}/site-users`);
          await chief.getByRole('heading', { level: 1, name: 'Site Users' }).waitFor();
          const cards = chief.getByRole('list', { name: `Users of ${SITE}` });
          await cards.getByRole('article', { name: GARDENER.fullName }).waitFor();
          assert.equal(await cards.getByRole('article').count(), 2);
          assert.equal(await chief.getByText('User limit reached').count(), 0);
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
          assert.equal(await dialog.getByLabel('Site', { exact: true }).inputValue(), String(siteId));
          const [response] = await Promise.all([
            chief.waitForResponse((r) => r.url().endsWith('/api/sites/users') && r.request().method() === 'POST'),
            dialog.getByRole('button', { name: 'Create User' }).click(),
          ]);
          assert.equal(response.status(), 201, `create answered ${response.status()}`);
          assert.equal(response.request().postDataJSON().role, 'user');
          await cards.getByRole('article', { name: NEWCOMER.fullName }).waitFor();
          const warning = chief.getByRole('alert').filter({ hasText: 'User limit reached' });
          await warning.waitFor();
          assert.match(await warning.innerText(), new RegExp(`${SITE} has ${USER_LIMIT} of ${USER_LIMIT} users`));
          assert.equal(await chief.getByRole('button', { name: 'Add User' }).isDisabled(), true);
          await both(chief, 'site-users');
        },
      ],
      [
        'a card opens the User Settings view with Editing User and Back to Users',
        async () => {
          await chief.getByRole('article', { name: NEWCOMER.fullName }).getByText(NEWCOMER.email).click();
          await chief.waitForURL(/\/settings\?userId=\d+$/);
          await chief.getByRole('heading', { level: 1, name: 'User Settings' }).waitFor();
          await chief.getByText('Editing User').waitFor();
          assert.equal(await chief.getByLabel('Role').count(), 0, 'a site admin edits the profile only');
          await both(chief, 'user-settings');
          await chief.getByRole('link', { name: 'Back to Users' }).click();
          await chief.waitForURL(`${baseURL}/site-users`);
        },
      ],
      [
        'the superadmin’s Site Users: a site picker, the limit warning, Add Existing User',
        async () => {
          await mainNav(admin).getByRole('link', { name: 'Site Users' }).click();
          await admin.waitForURL(`${baseURL}/admin/site-users`);
          await admin.getByRole('button', { name: /^Site / }).click();
          const picker = admin.getByRole('dialog', { name: 'Choose a Site' });
          await picker.getByLabel('Search sites').fill('maple');
          await picker.getByRole('option', { name: new RegExp(SITE) }).click();
          await admin.waitForURL(`${baseURL}/admin/site-users?site=${siteId}`);
          await admin.getByRole('alert').filter({ hasText: 'User limit reached' }).waitFor();
          assert.equal(await admin.getByRole('button', { name: 'Add Existing User' }).isDisabled(), true);
          await admin.getByRole('article', { name: GARDENER.fullName }).getByRole('button', { name: /Make site admin/ }).waitFor();
        },
      ],
      [
        'the superadmin puts the Community Forum in maintenance (a message first)',
        async () => {
          await mainNav(admin).getByRole('link', { name: 'Maintenance Mode' }).click();
          await admin.waitForURL(`${baseURL}/admin/maintenance`);
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
          assert.match(await forum.innerText(), /Last end\s*Never/);
          // Superadmins are not stopped by a function notice.
          await admin.goto(`${baseURL}/community/forum`);
          await admin.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
          assert.equal(await notice(admin).count(), 0);
        },
      ],
      [
        'a gardener of the site sees the forum notice on the forum only',
        async () => {
          await signIn(gardener, baseURL, GARDENER.username, GARDENER.password);
          await dismissToasts(gardener);
          await gardener.goto(`${baseURL}/community/forum`);
          await notice(gardener).getByRole('heading', { name: 'Maintenance for: Community Forum' }).waitFor();
          await notice(gardener).getByText("We're currently performing maintenance. Please check back soon.").waitFor();
          await notice(gardener).getByText(FORUM_MESSAGE).waitFor();
          await notice(gardener).getByRole('button', { name: 'Refresh Page' }).waitFor();
          assert.equal(await notice(gardener).getByRole('button', { name: 'Continue Anyway' }).count(), 0);
          await both(gardener, 'maintenance-notice-function');
          await mainNav(gardener).getByRole('link', { name: 'My Plants' }).click();
          await gardener.getByRole('heading', { level: 1, name: 'My Plants' }).waitFor();
          assert.equal(await notice(gardener).count(), 0);
        },
      ],
      [
        'the superadmin puts the whole site in maintenance',
        async () => {
          await admin.goto(`${baseURL}/admin/maintenance`);
          await switchOn(SITE, SITE_MESSAGE);
          await admin.getByRole('list', { name: 'Sites' }).getByRole('article', { name: SITE }).getByText('In maintenance').waitFor();
          await both(admin, 'admin-maintenance');
        },
      ],
      [
        'the gardener of that site sees the site-wide notice everywhere',
        async () => {
          await gardener.goto(`${baseURL}/`);
          await notice(gardener).getByRole('heading', { name: 'Site-wide maintenance' }).waitFor();
          await notice(gardener).getByText(SITE_MESSAGE).waitFor();
          await notice(gardener).getByText(SITE, { exact: true }).waitFor();
          assert.equal(await gardener.getByRole('heading', { name: 'Your Garden Dashboard' }).count(), 0);
          await both(gardener, 'maintenance-notice');
          await gardener.goto(`${baseURL}/settings`);
          await notice(gardener).getByRole('heading', { name: 'Site-wide maintenance' }).waitFor();
          // The server refuses the site's writes too (from here, not the page: the browser would log the 503).
          const token = await gardener.evaluate(() => localStorage.getItem('token'));
          const write = await fetch(`${baseURL}/api/user/settings`, {
            method: 'PATCH',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ fullName: 'Someone Else' }),
          });
          assert.equal(write.status, 503, 'the server refuses the write too');
          assert.equal((await write.json()).message, SITE_MESSAGE);
        },
      ],
      [
        'the superadmin gets Continue Anyway and Manage Maintenance, and continues for the session',
        async () => {
          await admin.goto(`${baseURL}/`);
          await notice(admin).getByRole('heading', { name: 'Site-wide maintenance' }).waitFor();
          await notice(admin).getByText('Administrator notice').waitFor();
          assert.equal(await notice(admin).getByRole('link', { name: 'Manage Maintenance' }).getAttribute('href'), '/admin/maintenance');
          assert.equal(await notice(admin).getByRole('button', { name: 'Refresh Page' }).count(), 0);
          await both(admin, 'maintenance-notice-superadmin');
          await notice(admin).getByRole('button', { name: 'Continue Anyway' }).click();
          await admin.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
          await admin.reload();
          await admin.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
          assert.equal(await notice(admin).count(), 0, 'the bypass lasts for the session');
        },
      ],
      [
        'maintenance ends at once: the gardener is back, and sees their settings',
        async () => {
          await admin.goto(`${baseURL}/admin/maintenance`);
          await switchOff(SITE);
          await switchOff('Community Forum');
          const forum = admin.getByRole('list', { name: 'Application functions' }).getByRole('article', { name: 'Community Forum' });
          await forum.getByText('Operational').waitFor();
          assert.doesNotMatch(await forum.innerText(), /Last end\s*Never/);
          await gardener.goto(`${baseURL}/`);
          await gardener.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
          await mainNav(gardener).getByRole('link', { name: 'Settings' }).click();
          await gardener.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
          await gardener.getByRole('heading', { name: 'Theme Preferences' }).waitFor();
          assert.equal(await gardener.getByLabel('User category').count(), 0, 'no category for a gardener');
          await both(gardener, 'settings');
          const [response] = await Promise.all([
            gardener.waitForResponse((r) => r.url().endsWith('/api/user/settings') && r.request().method() === 'PATCH'),
            gardener.getByRole('button', { name: 'Save Account Settings' }).click(),
          ]);
          assert.equal(response.status(), 200);
          assert.equal('password' in response.request().postDataJSON(), false, 'an empty password is not sent');
          await gardener.getByText('Settings saved').first().waitFor();
        },
      ],
      [
        'no uncaught errors or console errors',
        async () => {
          for (const list of errors) assert.deepEqual(list, []);
        },
      ],
    ]);
  } finally {
    for (const context of contexts) await context.close().catch(() => {});
  }
}
