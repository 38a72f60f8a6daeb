// Browser end-to-end tests of notifications: the superadmin console, the bell of gardeners of
// two sites, and the notification prompt. Registered in tests/e2e/run.mjs, which passes its
// helpers and the running server.
//
// Headless Chromium offers the Push API but cannot subscribe (there is no push service), and
// run.mjs launches it with --disable-notifications so that the prompt stays out of the other
// scenarios. The prompt steps therefore run in a second Chromium without that switch, with
// the permission and PushManager.subscribe stubbed in the page (addInitScript): the prompt,
// the service worker, the VAPID key, register-device and the device list are all real.

import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chromium } from 'playwright-core';

const NORTH_SITE = 'North Plot';
const SOUTH_SITE = 'South Meadow';
const NORTH = { username: 'north-gardener', password: 'secret-pass-north' };
const SOUTH = { username: 'south-gardener', password: 'secret-pass-south' };
const PROMPTED = { username: 'prompt-gardener', password: 'secret-pass-prompt' };
const SITE_NOTE = {
  title: 'North Plot water cut',
  content: 'The taps on the North Plot are off on Friday from 8:00 to 14:00. Water your beds on Thursday evening.',
};
const GLOBAL_NOTE = { title: 'Frost tonight', content: 'Cover tender seedlings before sunset; it will drop to -3 °C.' };

/** A push subscription as a browser would give it: an https endpoint and a real P-256 key. */
function fakeSubscription() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const p256dh = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return {
    endpoint: `https://push.e2e.invalid/send/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: p256dh.toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/**
 * Runs in the page before the app: Notification.permission and requestPermission, and
 * PushManager's subscribe and getSubscription, kept in sessionStorage across reloads.
 */
function stubPush(subscription) {
  const read = (key, fallback) => sessionStorage.getItem(key) ?? fallback;
  Object.defineProperty(Notification, 'permission', { configurable: true, get: () => read('e2e.permission', 'default') });
  Notification.requestPermission = async () => {
    sessionStorage.setItem('e2e.asked', String(Number(read('e2e.asked', '0')) + 1));
    sessionStorage.setItem('e2e.permission', 'granted');
    return 'granted';
  };
  const fake = {
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    getKey: () => null,
    toJSON: () => subscription,
    unsubscribe: async () => {
      sessionStorage.removeItem('e2e.subscribed');
      return true;
    },
  };
  PushManager.prototype.subscribe = async function subscribe() {
    sessionStorage.setItem('e2e.subscribed', '1');
    return fake;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    return read('e2e.subscribed', '') ? fake : null;
  };
}

/**
 * The dashboard shows database plants whose images live on the seed store's CDN, which the
 * test machine cannot reach: every address outside the app answers 404 (not logged as an error).
 */
async function stayLocal(context, baseURL) {
  await context.route(
    (url) => !url.href.startsWith(baseURL),
    (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }),
  );
}

export async function notificationsScenario(t) {
  const {
    browser,
    baseURL,
    env,
    gardenctl,
    scenario,
    shot,
    tallShot,
    signIn,
    dismissToasts,
    collectErrors,
    assertNoSidewaysScroll,
    apiFromPage,
    mainNav,
    log,
    CHROMIUM,
    DESKTOP,
    PHONE,
    ADMIN_PASSWORD,
    headless,
  } = t;

  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const northContext = await browser.newContext({ viewport: DESKTOP });
  const southContext = await browser.newContext({ viewport: DESKTOP });
  for (const context of [adminContext, northContext, southContext]) {
    context.setDefaultTimeout(10_000);
    await stayLocal(context, baseURL);
  }
  const admin = await adminContext.newPage();
  const north = await northContext.newPage();
  const south = await southContext.newPage();
  const errors = [collectErrors(admin), collectErrors(north), collectErrors(south)];
  let promptBrowser;
  let prompt;
  let subscription;
  let plantsLoaded = 0;
  let siteNoteId = 0;

  const bell = (page) => page.getByRole('button', { name: 'Notifications', exact: true });
  const badge = (page) => bell(page).locator('.bell__badge');
  const panel = (page) => page.getByRole('dialog', { name: 'Notifications' });

  try {
    await scenario('notifications (a superadmin, gardeners of two sites, the prompt)', [
      [
        'two sites with a gardener each (gardenctl sites create, users create --site)',
        async () => {
          const northSite = Number(/\(id (\d+)\)/.exec(await gardenctl(env, 'sites', 'create', '--name', NORTH_SITE))?.[1]);
          const southSite = Number(/\(id (\d+)\)/.exec(await gardenctl(env, 'sites', 'create', '--name', SOUTH_SITE))?.[1]);
          assert.ok(northSite > 0 && southSite > 0, 'site ids');
          for (const [account, site] of [
            [NORTH, northSite],
            [SOUTH, southSite],
            [PROMPTED, northSite],
          ]) {
            const out = await gardenctl(env, 'users', 'create', '--username', account.username, '--password', account.password, '--site', String(site));
            assert.match(out, /created user/);
          }
        },
      ],
      [
        'the superadmin sends a site notification from Notifications Management',
        async () => {
          await signIn(admin, baseURL, 'admin', ADMIN_PASSWORD);
          await dismissToasts(admin);
          await mainNav(admin).getByRole('link', { name: 'Notifications', exact: true }).click();
          await admin.waitForURL(`${baseURL}/admin/notifications`);
          await admin.getByRole('heading', { level: 1, name: 'Notifications Management' }).waitFor();
          await admin.getByRole('tab', { name: 'Send Notifications', selected: true }).waitFor();
          await admin.getByRole('button', { name: 'Send Notification' }).click();
          await admin.getByText('Title is required').waitFor();
          await admin.getByText('Content is required').waitFor();
          await admin.getByLabel('Title').fill(SITE_NOTE.title);
          await admin.getByLabel('Content').fill(SITE_NOTE.content);
          await admin.getByLabel('Target type').selectOption('site');
          const site = admin.getByRole('combobox', { name: 'Site' });
          await site.locator('option', { hasText: NORTH_SITE }).waitFor({ state: 'attached' });
          await site.selectOption({ label: NORTH_SITE });
          await admin.getByLabel('Data (optional JSON)').fill('{"url": "/schedule"}');
          await tallShot(admin, 'admin-notifications-send-desktop');
          const [response] = await Promise.all([
            admin.waitForResponse((r) => r.url().endsWith('/api/notifications/send') && r.request().method() === 'POST'),
            admin.getByRole('button', { name: 'Send Notification' }).click(),
          ]);
          assert.equal(response.status(), 201, `send answered ${response.status()}`);
          const sent = await response.json();
          assert.equal(sent.targetType, 'site');
          assert.equal(sent.targetName, NORTH_SITE);
          siteNoteId = sent.id;
          await admin.getByText('Notification sent').first().waitFor();
          await admin.getByText(`“${SITE_NOTE.title}” was sent to the users of ${NORTH_SITE}.`, { exact: true }).first().waitFor();
          assert.equal(await admin.getByLabel('Title').inputValue(), '');
          await dismissToasts(admin);
          await admin.setViewportSize(PHONE);
          await admin.getByLabel('Target type').selectOption('user');
          await admin.getByRole('combobox', { name: 'User' }).locator('option', { hasText: NORTH.username }).waitFor({ state: 'attached' });
          await assertNoSidewaysScroll(admin, 'send tab');
          await tallShot(admin, 'admin-notifications-send-phone');
          await admin.getByLabel('Target type').selectOption('global');
          await admin.setViewportSize(DESKTOP);
        },
      ],
      [
        'the history lists it as unread, with its site and read count',
        async () => {
          await admin.getByRole('tab', { name: 'Notification History' }).click();
          await admin.waitForURL(`${baseURL}/admin/notifications?tab=history`);
          const entry = admin.getByRole('article', { name: SITE_NOTE.title });
          await entry.waitFor();
          const text = (await entry.innerText()).replace(/\s+/g, ' ');
          assert.match(text, /Unread/);
          assert.match(text, /Site: North Plot/);
          assert.match(text, /0 of 2 read/, `read counts: ${text}`);
          await tallShot(admin, 'admin-notifications-history-desktop');
          await admin.setViewportSize(PHONE);
          await assertNoSidewaysScroll(admin, 'history tab');
          await tallShot(admin, 'admin-notifications-history-phone');
          await admin.setViewportSize(DESKTOP);
        },
      ],
      [
        'a gardener of North Plot sees the badge and the notification in the panel',
        async () => {
          await signIn(north, baseURL, NORTH.username, NORTH.password);
          await dismissToasts(north);
          await badge(north).waitFor();
          assert.equal((await badge(north).innerText()).trim(), '1');
          await bell(north).click();
          const item = panel(north).getByRole('button', { name: new RegExp(SITE_NOTE.title) });
          await item.waitFor();
          const text = await item.innerText();
          assert.match(text, /ago/, `relative time in: ${text}`);
          assert.match(await item.getAttribute('class'), /notification-item--unread/);
          await panel(north).getByRole('button', { name: 'Mark all as read' }).waitFor();
          const height = await panel(north).evaluate((el) => el.getBoundingClientRect().height);
          assert.ok(height <= 401, `the panel is at most 400px high (${height}px)`);
          await shot(north, 'notifications-panel-desktop');
          await north.keyboard.press('Escape');
          await panel(north).waitFor({ state: 'detached' });

          await north.setViewportSize(PHONE);
          await bell(north).click();
          await item.waitFor();
          const box = await panel(north).boundingBox();
          assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `the panel fits the phone (${box.x}, ${box.width})`);
          await assertNoSidewaysScroll(north, 'bell panel');
          await shot(north, 'notifications-panel-phone');
          await north.keyboard.press('Escape');
          await north.setViewportSize(DESKTOP);
        },
      ],
      [
        'clicking it marks it read and opens its page',
        async () => {
          await bell(north).click();
          const [patch] = await Promise.all([
            north.waitForResponse((r) => r.url().endsWith(`/api/notifications/${siteNoteId}/read`) && r.request().method() === 'PATCH'),
            panel(north).getByRole('button', { name: new RegExp(SITE_NOTE.title) }).click(),
          ]);
          assert.equal(patch.status(), 200);
          await north.waitForURL(`${baseURL}/schedule`);
          await badge(north).waitFor({ state: 'detached' });
          const { body } = await apiFromPage(north, '/api/notifications');
          assert.equal(body.find((n) => n.id === siteNoteId)?.isRead, true);
        },
      ],
      [
        'a gardener of South Meadow does not see it',
        async () => {
          await signIn(south, baseURL, SOUTH.username, SOUTH.password);
          await dismissToasts(south);
          await bell(south).click();
          await panel(south).getByText('No notifications to display').waitFor();
          assert.equal(await badge(south).count(), 0);
          assert.equal(await panel(south).getByRole('button', { name: 'Mark all as read' }).count(), 0);
          const { status, body } = await apiFromPage(south, '/api/notifications');
          assert.equal(status, 200);
          assert.deepEqual(body.map((n) => n.title), []);
          const direct = await south.evaluate(async (id) => {
            const r = await fetch(`/api/notifications/${id}/read`, {
              method: 'PATCH',
              headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
            });
            return r.status;
          }, siteNoteId);
          assert.equal(direct, 404, 'the other site cannot mark it read either');
          await south.keyboard.press('Escape');
        },
      ],
      [
        'a global notification reaches both; Mark all as read clears the badge',
        async () => {
          await admin.getByRole('tab', { name: 'Send Notifications' }).click();
          await admin.getByLabel('Title').fill(GLOBAL_NOTE.title);
          await admin.getByLabel('Content').fill(GLOBAL_NOTE.content);
          await admin.getByRole('button', { name: 'Send Notification' }).click();
          await admin.getByText(`“${GLOBAL_NOTE.title}” was sent to every user.`, { exact: true }).first().waitFor();
          await dismissToasts(admin);

          // The bell reads the list again when the window regains focus or the panel opens.
          await bell(south).click();
          await panel(south).getByRole('button', { name: new RegExp(GLOBAL_NOTE.title) }).waitFor();
          await badge(south).waitFor();
          assert.equal((await badge(south).innerText()).trim(), '1');
          const [markAll] = await Promise.all([
            south.waitForResponse((r) => r.url().endsWith('/api/notifications/mark-all-read')),
            panel(south).getByRole('button', { name: 'Mark all as read' }).click(),
          ]);
          assert.equal(markAll.status(), 200);
          await badge(south).waitFor({ state: 'detached' });
          assert.equal(await panel(south).getByRole('button', { name: 'Mark all as read' }).isDisabled(), true);
        },
      ],
      [
        'the console shows the site notification read by its site',
        async () => {
          await admin.getByRole('tab', { name: 'Notification History' }).click();
          await admin.getByRole('button', { name: 'Refresh' }).click();
          const entry = admin.getByRole('article', { name: SITE_NOTE.title });
          await admin.waitForFunction(
            (title) => [...document.querySelectorAll('article')].some((a) => a.getAttribute('aria-label') === title && a.textContent.includes('1 of 2 read')),
            SITE_NOTE.title,
          );
          assert.match((await entry.innerText()).replace(/\s+/g, ' '), /Unread/);
          const global = admin.getByRole('article', { name: GLOBAL_NOTE.title });
          assert.match(await global.innerText(), /Global/);
          await admin.setViewportSize(PHONE);
          await tallShot(admin, 'admin-notifications-history-phone');
          await admin.setViewportSize(DESKTOP);
          await tallShot(admin, 'admin-notifications-history-desktop');
        },
      ],
      [
        'deleting from the history removes it for everyone',
        async () => {
          const global = admin.getByRole('article', { name: GLOBAL_NOTE.title });
          await global.getByRole('button', { name: `Delete notification ${GLOBAL_NOTE.title}` }).click();
          const confirm = admin.getByRole('alertdialog', { name: 'Delete this notification?' });
          await confirm.waitFor();
          await confirm.getByRole('button', { name: 'Delete' }).click();
          await admin.getByText('Notification deleted').first().waitFor();
          await global.waitFor({ state: 'detached' });
          const { body } = await apiFromPage(south, '/api/notifications');
          assert.equal(body.some((n) => n.title === GLOBAL_NOTE.title), false);
        },
      ],
      [
        'a second browser, with the Push API and the permission stubbed in the page',
        async () => {
          promptBrowser = await chromium.launch({
            executablePath: CHROMIUM,
            headless,
            args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'].filter(
              (arg) => headless || arg !== '--headless',
            ),
          });
          const context = await promptBrowser.newContext({ viewport: DESKTOP });
          context.setDefaultTimeout(10_000);
          await stayLocal(context, baseURL);
          await context.addInitScript(stubPush, fakeSubscription());
          prompt = await context.newPage();
          errors.push(collectErrors(prompt));
          await prompt.goto(`${baseURL}/auth`);
          await prompt.getByRole('heading', { name: 'Sign in to your garden' }).waitFor();
          assert.equal(await prompt.evaluate(() => Notification.permission), 'default');
        },
      ],
      [
        'the modal shows on the dashboard about 3 s after signing in',
        async () => {
          await signIn(prompt, baseURL, PROMPTED.username, PROMPTED.password);
          const shownAfter = Date.now();
          // The login toast goes first: the modal blocks the rest of the page once it shows.
          await dismissToasts(prompt);
          const modal = prompt.getByRole('dialog', { name: 'Turn on notifications' });
          await modal.waitFor();
          const waited = Date.now() - shownAfter;
          assert.ok(waited >= 2000, `the modal waited about 3 s (${waited} ms after the dashboard)`);
          await modal
            .getByText('Enable notifications to receive care reminders for your plants. Never miss a watering or maintenance task again!')
            .waitFor();
          await modal.getByRole('button', { name: 'Enable notifications' }).waitFor();
          await prompt.waitForTimeout(400); // the dialog's opening animation
          await shot(prompt, 'notification-prompt-modal-desktop');
          await prompt.setViewportSize(PHONE);
          await prompt.waitForTimeout(400);
          await shot(prompt, 'notification-prompt-modal-phone');
          await prompt.setViewportSize(DESKTOP);
        },
      ],
      [
        'Maybe later stores prompted, today and dismissed; no prompt after a reload',
        async () => {
          const modal = prompt.getByRole('dialog', { name: 'Turn on notifications' });
          await modal.getByRole('button', { name: 'Maybe later' }).click();
          await modal.waitFor({ state: 'detached' });
          const stored = await prompt.evaluate(() => ({
            prompted: localStorage.getItem('notificationPrompted'),
            date: localStorage.getItem('notificationPromptedDate'),
            dismissed: localStorage.getItem('notificationDismissed'),
            asked: sessionStorage.getItem('e2e.asked'),
          }));
          assert.deepEqual(
            { ...stored, date: /^\d{4}-\d{2}-\d{2}$/.test(stored.date ?? '') },
            { prompted: 'true', date: true, dismissed: 'true', asked: null },
          );
          await prompt.reload();
          await prompt.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor();
          await prompt.waitForTimeout(3500);
          assert.equal(await modal.count(), 0, 'no prompt after a refusal');
          await prompt.context().close();
        },
      ],
      [
        'a fresh profile signs in and opens My Plants',
        async () => {
          subscription = fakeSubscription();
          const context = await promptBrowser.newContext({ viewport: DESKTOP });
          context.setDefaultTimeout(10_000);
          await stayLocal(context, baseURL);
          await context.addInitScript(stubPush, subscription);
          prompt = await context.newPage();
          errors.push(collectErrors(prompt));
          await signIn(prompt, baseURL, PROMPTED.username, PROMPTED.password);
          await prompt.goto(`${baseURL}/plants`);
          await prompt.getByRole('heading', { name: 'My Plants' }).first().waitFor();
          plantsLoaded = Date.now();
        },
      ],
      [
        'the corner prompt shows about 5 s after loading',
        async () => {
          const loaded = plantsLoaded;
          const corner = prompt.getByRole('dialog', { name: 'Turn on notifications' });
          await corner.waitFor();
          assert.ok(Date.now() - loaded >= 3500, `the corner prompt waited about 5 s (${Date.now() - loaded} ms)`);
          await corner.getByText('Get care reminders for your plants on this device.').waitFor();
          await dismissToasts(prompt);
          await shot(prompt, 'notification-prompt-corner-desktop');
          await prompt.setViewportSize(PHONE);
          await assertNoSidewaysScroll(prompt, 'corner prompt');
          const box = await corner.boundingBox();
          assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, 'the corner prompt fits the phone');
          await shot(prompt, 'notification-prompt-corner-phone');
          await prompt.setViewportSize(DESKTOP);
        },
      ],
      [
        'Enable asks, subscribes, registers this browser and closes after 2 s',
        async () => {
          const corner = prompt.getByRole('dialog', { name: 'Turn on notifications' });
          const [register] = await Promise.all([
            prompt.waitForResponse((r) => r.url().endsWith('/api/notifications/register-device'), { timeout: 12_000 }),
            corner.getByRole('button', { name: 'Enable' }).click(),
          ]);
          assert.equal(register.status(), 201, `register-device answered ${register.status()}`);
          await corner.getByText('Notifications enabled!').waitFor();
          await shot(prompt, 'notification-prompt-success-desktop');
          await corner.waitFor({ state: 'detached', timeout: 5000 });
          const { body } = await apiFromPage(prompt, '/api/notifications/devices');
          const device = body.find((d) => d.playerId === subscription.endpoint);
          assert.ok(device, 'the device is registered');
          assert.equal(device.pushEnabled, true);
          assert.match(device.deviceName, / on /);
          const stored = await prompt.evaluate(() => ({
            prompted: localStorage.getItem('notificationPrompted'),
            dismissed: localStorage.getItem('notificationDismissed'),
            asked: sessionStorage.getItem('e2e.asked'),
            permission: Notification.permission,
          }));
          assert.deepEqual(stored, { prompted: 'true', dismissed: null, asked: '1', permission: 'granted' });
          // The service worker that shows the pushes is registered and active.
          const worker = await prompt.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
          assert.equal(worker, `${baseURL}/sw.js`);
        },
      ],
      [
        'on the next load the device is listed, so it is not registered again',
        async () => {
          let registeredAgain = false;
          prompt.on('request', (r) => {
            if (r.url().endsWith('/api/notifications/register-device')) registeredAgain = true;
          });
          const devicesRead = prompt.waitForResponse((r) => r.url().endsWith('/api/notifications/devices'));
          await prompt.reload();
          await prompt.getByRole('heading', { name: 'My Plants' }).first().waitFor();
          await devicesRead;
          await prompt.waitForTimeout(500);
          assert.equal(registeredAgain, false);
          assert.equal(await prompt.getByRole('dialog', { name: 'Turn on notifications' }).count(), 0);
        },
      ],
      [
        'Settings shows push on, this device, and sends a test notification to the bell',
        async () => {
          await prompt.goto(`${baseURL}/settings`);
          const channels = prompt.getByRole('group', { name: 'Notification Channels' });
          await channels.waitFor();
          const toggle = channels.getByRole('switch', { name: /Push notifications/ });
          await prompt.waitForFunction(() => {
            const el = document.querySelector('[role="switch"]');
            return el && !el.disabled;
          });
          assert.equal(await toggle.isChecked(), true);
          const devices = channels.getByRole('list', { name: 'Registered devices' });
          await devices.getByText('This device').waitFor();
          const before = await badge(prompt).count() ? Number(await badge(prompt).innerText()) : 0;
          await channels.getByLabel('Test notification type').selectOption('care_task');
          const [test] = await Promise.all([
            prompt.waitForResponse((r) => r.url().endsWith('/api/notifications/test')),
            channels.getByRole('button', { name: 'Send test notification' }).click(),
          ]);
          assert.equal(test.status(), 201, `test answered ${test.status()}`);
          const report = await test.json();
          assert.equal(report.channels.inApp.status, 'sent');
          assert.equal(report.channels.push.sent, 1, `push report: ${JSON.stringify(report.channels.push)}`);
          await channels.getByText(/^In app: sent · Push: sent to 1 device/).waitFor();
          await badge(prompt).waitFor();
          await prompt.waitForFunction(
            (n) => Number(document.querySelector('.topbar .bell__badge')?.textContent ?? 0) === n,
            before + 1,
          );
          await dismissToasts(prompt);
          await tallShot(prompt, 'settings-notification-channels-desktop');
          await prompt.setViewportSize(PHONE);
          await assertNoSidewaysScroll(prompt, 'settings');
          await tallShot(prompt, 'settings-notification-channels-phone');
          await prompt.setViewportSize(DESKTOP);
          await prompt.context().close();
        },
      ],
      [
        'no uncaught errors or console errors',
        async () => {
          assert.deepEqual(errors.flat(), []);
        },
      ],
    ]);
  } finally {
    await Promise.all([adminContext.close(), northContext.close(), southContext.close()]).catch(() => {});
    if (promptBrowser) await promptBrowser.close().catch(() => {});
    log?.('');
  }
}
