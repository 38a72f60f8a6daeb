// Notifications: the superadmin's console, the bell of gardeners of two sites, and the
// notification prompt.
//
// Headless Chromium offers the Push API but cannot subscribe (there is no push service), and
// the config launches it with --disable-notifications so that the prompt stays out of the other
// specs. The prompt steps therefore run in a second Chromium without that switch, with the
// permission and PushManager.subscribe stubbed in the page (addInitScript): the prompt, the
// service worker, the VAPID key, register-device and the device list are all real.

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { test, expect, DESKTOP, PHONE, type Account } from '../fixtures';
import { chromiumLaunchOptions } from '../support/chromium';

const NORTH_SITE = 'North Plot';
const SOUTH_SITE = 'South Meadow';
const NORTH: Account = { username: 'north-gardener', password: 'secret-pass-north' };
const SOUTH: Account = { username: 'south-gardener', password: 'secret-pass-south' };
const PROMPTED: Account = { username: 'prompt-gardener', password: 'secret-pass-prompt' };
const SITE_NOTE = {
  title: 'North Plot water cut',
  content: 'The taps on the North Plot are off on Friday from 8:00 to 14:00. Water your beds on Thursday evening.',
};
const GLOBAL_NOTE = { title: 'Frost tonight', content: 'Cover tender seedlings before sunset; it will drop to -3 °C.' };

/** A push subscription as a browser gives it. */
interface Subscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A push subscription as a browser would give it: an https endpoint and a real P-256 key. */
function fakeSubscription(): Subscription {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const p256dh = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
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
function stubPush(subscription: Subscription) {
  const read = (key: string, fallback: string) => sessionStorage.getItem(key) ?? fallback;
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
  } as unknown as PushSubscription;
  PushManager.prototype.subscribe = async function subscribe() {
    sessionStorage.setItem('e2e.subscribed', '1');
    return fake;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    return read('e2e.subscribed', '') ? fake : null;
  };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications( \(.+ unread\))?$/ });
const badge = (page: Page) => bell(page).locator('.bell__badge');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

test.describe('notifications (a superadmin, gardeners of two sites, the prompt)', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: Page;
  let north: Page;
  let south: Page;
  let errors: string[][];
  let promptBrowser: Browser | undefined;
  let prompt: Page;
  let subscription: Subscription;
  let plantId = 0;
  let siteNoteId = 0;

  test.beforeAll(async ({ openPage, collectErrors }) => {
    admin = await openPage();
    north = await openPage();
    south = await openPage();
    errors = [collectErrors(admin), collectErrors(north), collectErrors(south)];
  });
  test.afterAll(async ({ closePages }) => {
    await closePages();
    await promptBrowser?.close().catch(() => {});
  });

  test('two sites with a gardener each (gardenctl sites create, users create --site)', async ({ gardenctl }) => {
    const northSite = Number(/\(id (\d+)\)/.exec(await gardenctl('sites', 'create', '--name', NORTH_SITE))?.[1]);
    const southSite = Number(/\(id (\d+)\)/.exec(await gardenctl('sites', 'create', '--name', SOUTH_SITE))?.[1]);
    expect(northSite > 0 && southSite > 0, 'site ids').toBeTruthy();
    for (const [account, site] of [
      [NORTH, northSite],
      [SOUTH, southSite],
      [PROMPTED, northSite],
    ] as const) {
      const out = await gardenctl('users', 'create', '--username', account.username, '--password', account.password, '--site', String(site));
      expect(out).toMatch(/created user/);
    }
  });

  test('the superadmin sends a site notification from Notifications Management', async ({ signIn, tallShot, dismissToasts, assertNoSidewaysScroll, mainNav, garden }) => {
    await signIn(admin, 'admin', garden.adminPassword);
    await dismissToasts(admin);
    await mainNav(admin).getByRole('link', { name: 'Notifications', exact: true }).click();
    await admin.waitForURL(`${garden.baseURL}/admin/notifications`);
    await admin.getByRole('heading', { level: 1, name: 'Notifications Management' }).waitFor();
    await admin.getByRole('tab', { name: 'Send Notifications', selected: true }).waitFor();
    await admin.getByRole('button', { name: 'Send Notification' }).click();
    await admin.getByText('Title is required').waitFor();
    await admin.getByText('Content is required').waitFor();
    await admin.getByLabel('Title').fill(SITE_NOTE.title);
    await admin.getByLabel('Content').fill(SITE_NOTE.content);
    await admin.getByLabel('Target type').selectOption('site');
    // The site picker searches the server: open it, search, pick.
    await admin.getByRole('combobox', { name: 'Site', exact: true }).click();
    await admin.getByRole('combobox', { name: 'Search sites' }).fill(NORTH_SITE);
    await admin.getByRole('listbox', { name: 'Sites' }).getByRole('option', { name: NORTH_SITE, exact: true }).click();
    await admin.getByLabel('Data (optional JSON)').fill('{"url": "/schedule"}');
    await tallShot(admin, 'admin-notifications-send-desktop');
    const [response] = await Promise.all([
      admin.waitForResponse((r) => r.url().endsWith('/api/notifications/send') && r.request().method() === 'POST'),
      admin.getByRole('button', { name: 'Send Notification' }).click(),
    ]);
    expect(response.status(), `send answered ${response.status()}`).toBe(201);
    const sent = await response.json();
    expect(sent.targetType).toBe('site');
    expect(sent.targetName).toBe(NORTH_SITE);
    siteNoteId = sent.id;
    await admin.getByText('Notification sent').first().waitFor();
    await admin.getByText(`“${SITE_NOTE.title}” was sent to the users of ${NORTH_SITE}.`, { exact: true }).first().waitFor();
    expect(await admin.getByLabel('Title').inputValue()).toBe('');
    await dismissToasts(admin);
    await admin.setViewportSize(PHONE);
    await admin.getByLabel('Target type').selectOption('user');
    // The user picker at phone width: open, searched on the server, the gardener offered.
    await admin.getByRole('combobox', { name: 'User', exact: true }).click();
    await admin.getByRole('combobox', { name: 'Search users' }).fill(NORTH.username);
    await admin.getByRole('listbox', { name: 'Users' }).getByRole('option', { name: new RegExp(NORTH.username) }).waitFor();
    await assertNoSidewaysScroll(admin, 'send tab');
    await tallShot(admin, 'admin-notifications-send-phone');
    await admin.keyboard.press('Escape');
    await admin.getByLabel('Target type').selectOption('global');
    await admin.setViewportSize(DESKTOP);
  });

  test('the history lists it as unread, with its site and read count', async ({ tallShot, assertNoSidewaysScroll, garden }) => {
    await admin.getByRole('tab', { name: 'Notification History' }).click();
    await admin.waitForURL(`${garden.baseURL}/admin/notifications?tab=history`);
    const entry = admin.getByRole('article', { name: SITE_NOTE.title });
    await entry.waitFor();
    const text = (await entry.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/Unread/);
    expect(text).toMatch(/Site: North Plot/);
    expect(text, `read counts: ${text}`).toMatch(/0 of 2 read/);
    await tallShot(admin, 'admin-notifications-history-desktop');
    await admin.setViewportSize(PHONE);
    await assertNoSidewaysScroll(admin, 'history tab');
    await tallShot(admin, 'admin-notifications-history-phone');
    await admin.setViewportSize(DESKTOP);
  });

  test('a gardener of North Plot sees the badge and the notification in the panel', async ({ signIn, shot, dismissToasts, assertNoSidewaysScroll }) => {
    await signIn(north, NORTH.username, NORTH.password);
    await dismissToasts(north);
    await badge(north).waitFor();
    expect((await badge(north).innerText()).trim()).toBe('1');
    await bell(north).click();
    const item = panel(north).getByRole('button', { name: new RegExp(SITE_NOTE.title) });
    await item.waitFor();
    const text = await item.innerText();
    expect(text, `relative time in: ${text}`).toMatch(/ago/);
    expect(await item.getAttribute('class')).toMatch(/notification-item--unread/);
    await panel(north).getByRole('button', { name: 'Mark all as read' }).waitFor();
    const height = await panel(north).evaluate((el) => el.getBoundingClientRect().height);
    expect(height <= 401, `the panel is at most 400px high (${height}px)`).toBeTruthy();
    await shot(north, 'notifications-panel-desktop');
    await north.keyboard.press('Escape');
    await panel(north).waitFor({ state: 'detached' });

    await north.setViewportSize(PHONE);
    await bell(north).click();
    await item.waitFor();
    const box = (await panel(north).boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= PHONE.width, `the panel fits the phone (${box.x}, ${box.width})`).toBeTruthy();
    await assertNoSidewaysScroll(north, 'bell panel');
    await shot(north, 'notifications-panel-phone');
    await north.keyboard.press('Escape');
    await north.setViewportSize(DESKTOP);
  });

  test('clicking it marks it read and opens its page', async ({ apiFromPage, garden }) => {
    await bell(north).click();
    const [patch] = await Promise.all([
      north.waitForResponse((r) => r.url().endsWith(`/api/notifications/${siteNoteId}/read`) && r.request().method() === 'PATCH'),
      panel(north).getByRole('button', { name: new RegExp(SITE_NOTE.title) }).click(),
    ]);
    expect(patch.status()).toBe(200);
    await north.waitForURL(`${garden.baseURL}/schedule`);
    await badge(north).waitFor({ state: 'detached' });
    const { body } = await apiFromPage(north, '/api/notifications');
    expect(body.find((n: { id: number }) => n.id === siteNoteId)?.isRead).toBe(true);
  });

  test('a gardener of South Meadow does not see it', async ({ signIn, dismissToasts, apiFromPage }) => {
    await signIn(south, SOUTH.username, SOUTH.password);
    await dismissToasts(south);
    await bell(south).click();
    await panel(south).getByText('No notifications to display').waitFor();
    expect(await badge(south).count()).toBe(0);
    expect(await panel(south).getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    const { status, body } = await apiFromPage(south, '/api/notifications');
    expect(status).toBe(200);
    expect(body.map((n: { title: string }) => n.title)).toEqual([]);
    const direct = await south.evaluate(async (id) => {
      const r = await fetch(`/api/notifications/${id}/read`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return r.status;
    }, siteNoteId);
    expect(direct, 'the other site cannot mark it read either').toBe(404);
    await south.keyboard.press('Escape');
  });

  test('a global notification reaches both; Mark all as read clears the badge', async ({ dismissToasts }) => {
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
    expect((await badge(south).innerText()).trim()).toBe('1');
    const [markAll] = await Promise.all([
      south.waitForResponse((r) => r.url().endsWith('/api/notifications/mark-all-read')),
      panel(south).getByRole('button', { name: 'Mark all as read' }).click(),
    ]);
    expect(markAll.status()).toBe(200);
    await badge(south).waitFor({ state: 'detached' });
    expect(await panel(south).getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
  });

  test('the console shows the site notification read by its site', async ({ tallShot }) => {
    await admin.getByRole('tab', { name: 'Notification History' }).click();
    await admin.getByRole('button', { name: 'Refresh' }).click();
    const entry = admin.getByRole('article', { name: SITE_NOTE.title });
    await admin.waitForFunction(
      (title) => [...document.querySelectorAll('article')].some((a) => a.getAttribute('aria-label') === title && a.textContent.includes('1 of 2 read')),
      SITE_NOTE.title,
    );
    expect((await entry.innerText()).replace(/\s+/g, ' ')).toMatch(/Unread/);
    const global = admin.getByRole('article', { name: GLOBAL_NOTE.title });
    expect(await global.innerText()).toMatch(/Global/);
    await admin.setViewportSize(PHONE);
    await tallShot(admin, 'admin-notifications-history-phone');
    await admin.setViewportSize(DESKTOP);
    await tallShot(admin, 'admin-notifications-history-desktop');
  });

  test('deleting from the history removes it for everyone', async ({ apiFromPage }) => {
    const global = admin.getByRole('article', { name: GLOBAL_NOTE.title });
    await global.getByRole('button', { name: `Delete notification ${GLOBAL_NOTE.title}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Delete this notification?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('Notification deleted').first().waitFor();
    await global.waitFor({ state: 'detached' });
    const { body } = await apiFromPage(south, '/api/notifications');
    expect(body.some((n: { title: string }) => n.title === GLOBAL_NOTE.title)).toBe(false);
  });

  test('a second browser, with the Push API and the permission stubbed in the page', async ({ playwright, openPage, collectErrors, garden }) => {
    promptBrowser = await playwright.chromium.launch(chromiumLaunchOptions({ notifications: true }));
    const stubbed = fakeSubscription();
    prompt = await openPage({ browser: promptBrowser, serviceWorkers: 'allow', init: (context) => context.addInitScript(stubPush, stubbed) });
    errors.push(collectErrors(prompt));
    await prompt.goto(`${garden.baseURL}/auth`);
    await prompt.getByRole('heading', { name: 'Sign in to your garden' }).waitFor();
    expect(await prompt.evaluate(() => Notification.permission)).toBe('default');
  });

  test('nothing asks on landing: no prompt on the dashboard, however long the gardener stays', async ({ signIn, dismissToasts }) => {
    await signIn(prompt, PROMPTED.username, PROMPTED.password);
    await dismissToasts(prompt);
    await prompt.waitForTimeout(5500);
    expect(await prompt.getByRole('region', { name: 'Turn on notifications' }).count(), 'no prompt before a success').toBe(0);
    expect(await prompt.getByRole('dialog').count(), 'no modal').toBe(0);
  });

  test('after Water Now the prompt asks at the top of the next page, in its flow', async ({ shot, dismissToasts, assertNoSidewaysScroll, garden }) => {
    // A plant to water, added through the API; watering it is the gardener's success.
    plantId = await prompt.evaluate(async () => {
      const response = await fetch('/api/plants', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Prompt Basil', plantType: 'Herbs', waterFrequency: 3 }),
      });
      return ((await response.json()) as { id: number }).id;
    });
    await prompt.goto(`${garden.baseURL}/plants/${plantId}`);
    await Promise.all([
      prompt.waitForResponse((r) => r.url().endsWith('/api/plants/water') && r.ok()),
      prompt.getByRole('button', { name: 'Water Now' }).click(),
    ]);
    await prompt.waitForTimeout(500);
    const card = prompt.getByRole('region', { name: 'Turn on notifications' });
    expect(await card.count(), 'not on the page of the success').toBe(0);
    await prompt.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Schedule' }).click();
    await card.waitFor();
    await card.getByText('Enable notifications to receive care reminders for your plants. Never miss a watering or maintenance task again!').waitFor();
    // In the page's flow: the first thing in main, not fixed over the page.
    expect(await card.evaluate((el) => el.parentElement?.id === 'main' && el === el.parentElement.firstElementChild && getComputedStyle(el).position !== 'fixed')).toBe(true);
    await dismissToasts(prompt);
    await shot(prompt, 'notification-prompt-card-desktop');
    await prompt.setViewportSize(PHONE);
    await assertNoSidewaysScroll(prompt, 'prompt card');
    await shot(prompt, 'notification-prompt-card-phone');
    await prompt.setViewportSize(DESKTOP);
  });

  test('Not now stores prompted and today; another success that week does not bring it back', async ({ garden }) => {
    const card = prompt.getByRole('region', { name: 'Turn on notifications' });
    await card.getByRole('button', { name: 'Not now' }).click();
    await card.waitFor({ state: 'detached' });
    const stored = await prompt.evaluate(() => ({
      prompted: localStorage.getItem('notificationPrompted'),
      date: localStorage.getItem('notificationPromptedDate'),
      dismissed: localStorage.getItem('notificationDismissed'),
      asked: sessionStorage.getItem('e2e.asked'),
    }));
    expect({ ...stored, date: /^\d{4}-\d{2}-\d{2}$/.test(stored.date ?? '') }).toEqual({ prompted: 'true', date: true, dismissed: null, asked: null });
    await prompt.goto(`${garden.baseURL}/plants/${plantId}`);
    await Promise.all([
      prompt.waitForResponse((r) => r.url().endsWith('/api/plants/water') && r.ok()),
      prompt.getByRole('button', { name: 'Water Now' }).click(),
    ]);
    await prompt.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Schedule' }).click();
    await prompt.waitForTimeout(1500);
    expect(await card.count(), 'no second prompt within the week').toBe(0);
    await prompt.context().close();
  });

  test('a fresh profile signs in, waters the plant and is asked on the next page, My Plants', async ({ openPage, signIn, collectErrors, garden }) => {
    subscription = fakeSubscription();
    const stubbed = subscription;
    prompt = await openPage({ browser: promptBrowser, serviceWorkers: 'allow', init: (context) => context.addInitScript(stubPush, stubbed) });
    errors.push(collectErrors(prompt));
    await signIn(prompt, PROMPTED.username, PROMPTED.password);
    await prompt.goto(`${garden.baseURL}/plants/${plantId}`);
    await Promise.all([
      prompt.waitForResponse((r) => r.url().endsWith('/api/plants/water') && r.ok()),
      prompt.getByRole('button', { name: 'Water Now' }).click(),
    ]);
    await prompt.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Plants' }).click();
    await prompt.getByRole('heading', { name: 'My Plants' }).first().waitFor();
    await prompt.getByRole('region', { name: 'Turn on notifications' }).waitFor();
  });

  test('Enable asks, subscribes, registers this browser and closes after 2 s', async ({ shot, apiFromPage, garden }) => {
    const card = prompt.getByRole('region', { name: 'Turn on notifications' });
    const [register] = await Promise.all([
      prompt.waitForResponse((r) => r.url().endsWith('/api/notifications/register-device'), { timeout: 12_000 }),
      card.getByRole('button', { name: 'Enable notifications' }).click(),
    ]);
    expect(register.status(), `register-device answered ${register.status()}`).toBe(201);
    const done = prompt.getByRole('region', { name: 'Notifications enabled!' });
    await done.waitFor();
    await shot(prompt, 'notification-prompt-success-desktop');
    await done.waitFor({ state: 'detached', timeout: 5000 });
    const { body } = await apiFromPage(prompt, '/api/notifications/devices');
    const device = body.find((d: { playerId: string }) => d.playerId === subscription.endpoint);
    expect(device, 'the device is registered').toBeTruthy();
    expect(device.pushEnabled).toBe(true);
    expect(device.deviceName).toMatch(/ on /);
    const stored = await prompt.evaluate(() => ({
      prompted: localStorage.getItem('notificationPrompted'),
      dismissed: localStorage.getItem('notificationDismissed'),
      asked: sessionStorage.getItem('e2e.asked'),
      permission: Notification.permission,
    }));
    expect(stored).toEqual({ prompted: 'true', dismissed: null, asked: '1', permission: 'granted' });
    // The service worker that shows the pushes is registered and active.
    const worker = await prompt.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
    expect(worker).toBe(`${garden.baseURL}/sw.js`);
  });

  test('on the next load the device is listed, so it is not registered again', async () => {
    let registeredAgain = false;
    prompt.on('request', (r) => {
      if (r.url().endsWith('/api/notifications/register-device')) registeredAgain = true;
    });
    const devicesRead = prompt.waitForResponse((r) => r.url().endsWith('/api/notifications/devices'));
    await prompt.reload();
    await prompt.getByRole('heading', { name: 'My Plants' }).first().waitFor();
    await devicesRead;
    await prompt.waitForTimeout(500);
    expect(registeredAgain).toBe(false);
    expect(await prompt.getByRole('region', { name: 'Turn on notifications' }).count()).toBe(0);
  });

  test('Settings shows push on, this device, and sends a test notification to the bell', async ({ tallShot, dismissToasts, assertNoSidewaysScroll, garden }) => {
    await prompt.goto(`${garden.baseURL}/settings`);
    const channels = prompt.getByRole('group', { name: 'Notification Channels' });
    await channels.waitFor();
    const toggle = channels.getByRole('switch', { name: /Push notifications/ });
    await prompt.waitForFunction(() => {
      const el = document.querySelector<HTMLButtonElement>('[role="switch"]');
      return el && !el.disabled;
    });
    expect(await toggle.isChecked()).toBe(true);
    const devices = channels.getByRole('list', { name: 'Registered devices' });
    await devices.getByText('This device').waitFor();
    // The bell's menu loads after the page: count only once it shows the server's unread count.
    await prompt.locator('.topbar .bell[data-ready]').waitFor();
    const before = await badge(prompt).count() ? Number(await badge(prompt).innerText()) : 0;
    await channels.getByLabel('Test notification type').selectOption('care_task');
    const [test] = await Promise.all([
      prompt.waitForResponse((r) => r.url().endsWith('/api/notifications/test')),
      channels.getByRole('button', { name: 'Send test notification' }).click(),
    ]);
    expect(test.status(), `test answered ${test.status()}`).toBe(201);
    const report = await test.json();
    expect(report.channels.inApp.status).toBe('sent');
    expect(report.channels.push.sent, `push report: ${JSON.stringify(report.channels.push)}`).toBe(1);
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
  });

  test('no uncaught errors or console errors', async () => {
    expect(errors.flat()).toEqual([]);
  });
});
