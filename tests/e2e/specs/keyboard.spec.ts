// Keyboard-only use of the main flows (issue #25 item 7): a gardener who does not use a mouse
// signs in, adds a plant, waters it, completes a task, posts a forum reply and moves a bed in a
// garden layout with Tab, Shift+Tab, Enter, Space, arrows and typing only. Every control reached
// shows a visible focus indicator. Set-up data (a task, a topic, a layout) goes through the API:
// the scenario exercises the pages, not the seeding.

import type { Locator, Page } from '@playwright/test';
import { test, expect, type Account } from '../fixtures';
import { send } from '../support/api';

const KIT: Account = { username: 'keyboard-kit', password: 'secret-pass-keys' };
const PLANT = 'Keyboard Chives';

/**
 * Presses Tab (Shift+Tab when back) until target has the focus, then checks that the focus can be
 * seen: an outline or a ring on the control or on a wrapper up to three levels out that draws it
 * (the rich-text editor's frame rings its whole box).
 * Fails after max presses, naming where the focus went instead.
 */
async function tabTo(page: Page, target: Locator, { max = 120, back = false } = {}) {
  await target.waitFor();
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      const visible = await target.evaluate((el) => {
        for (let node: Element | null = el, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
          const style = getComputedStyle(node);
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          if (outline || style.boxShadow !== 'none') return true;
        }
        return false;
      });
      expect(visible, `the focus on ${target} can be seen`).toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  const at = await page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}"` : 'nothing';
  });
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}; the focus is on ${at}`);
}

test.describe('keyboard only: add a plant, water, complete a task, reply, move a bed', () => {
  // A step here is tens of key presses, each a round trip to the browser: 120 s, not 30.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let page: Page;
  let errors: string[];
  let plantId = 0;

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(KIT, '--role', 'user');
    page = await openPage();
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('signs in and adds a plant from My Plants', async ({ garden }) => {
    await page.goto(`${garden.baseURL}/auth`);
    await tabTo(page, page.getByLabel('Username'));
    await page.keyboard.type(KIT.username);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(KIT.password);
    await Promise.all([page.waitForURL(`${garden.baseURL}/`), page.keyboard.press('Enter')]);
    await page.getByRole('heading', { name: 'Your Garden Dashboard' }).waitFor({ timeout: 30_000 });

    await tabTo(page, page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'My Plants' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'My Plants' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Add New Plant' }));
    await page.keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'Add New Plant' });
    await add.waitFor();
    await tabTo(page, add.getByLabel('Plant name'));
    await page.keyboard.type(PLANT);
    await tabTo(page, add.getByLabel('Water every (days)'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    // The dialog keeps the focus inside: Shift+Tab from its first fields wraps to its last
    // button, fewer presses than walking every field.
    await tabTo(page, add.getByRole('button', { name: 'Add Plant' }), { back: true });
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/plants') && r.request().method() === 'POST'),
      page.keyboard.press('Enter'),
    ]);
    expect(created.status()).toBe(201);
    plantId = (await created.json()).id;
    await add.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: PLANT }).waitFor();
  });

  test('opens the plant and waters it', async () => {
    await tabTo(page, page.getByRole('article', { name: PLANT }).getByRole('link', { name: PLANT }).first());
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: PLANT }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Water Now' }));
    const [watered] = await Promise.all([
      page.waitForResponse((r) => /\/api\/plants\/\d+\/water$|\/api\/plants\/water$/.test(r.url()) && r.request().method() === 'POST'),
      page.keyboard.press('Enter'),
    ]);
    expect(watered.status()).toBe(200);
    await page.getByText(`${PLANT} was watered.`).first().waitFor();
  });

  test("completes a task from the dashboard's Today list", async ({ garden }) => {
    const today = (await send(page, 'GET', '/api/dashboard/summary')).body.today as string;
    const task = await send(page, 'POST', '/api/care-tasks', { plantId, taskType: 'prune', scheduledDate: today });
    expect(task.status).toBe(201);
    await page.goto(`${garden.baseURL}/`);
    const list = page.getByRole('region', { name: 'Today', exact: true });
    const complete = list.getByRole('button', { name: `Complete: Prune ${PLANT}` });
    await tabTo(page, complete);
    const [done] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/care-tasks/${task.body.id}/complete`)),
      page.keyboard.press('Enter'),
    ]);
    expect(done.status()).toBe(200);
    await expect(complete).toHaveCount(0);
  });

  test('posts a reply to a forum topic', async ({ garden }) => {
    const categories = await send(page, 'GET', '/api/forum/categories');
    const topic = await send(page, 'POST', '/api/forum/topics', {
      title: 'Keyboard: do chives need full sun?',
      content: '<p>Mine sit on a north sill.</p>',
      categoryId: categories.body[0].id,
    });
    expect(topic.status).toBe(201);
    await page.goto(`${garden.baseURL}/community/forum/topic/${topic.body.id}`);
    await page.getByRole('heading', { level: 1, name: 'Keyboard: do chives need full sun?' }).waitFor();
    await tabTo(page, page.getByRole('textbox', { name: 'Your reply' }));
    await page.keyboard.type('Half a day of sun is plenty for chives.');
    await tabTo(page, page.getByRole('button', { name: 'Post Reply' }));
    await page.keyboard.press('Enter');
    const reply = page.getByRole('listitem', { name: `Reply by ${KIT.username}` });
    await reply.getByText('Half a day of sun is plenty for chives.').waitFor();
  });

  test('moves a bed one step with the arrow keys and saves', async ({ garden }) => {
    const layout = await send(page, 'POST', '/api/garden-layouts', {
      name: 'Keyboard patch',
      width: 12,
      height: 8,
      beds: [{ name: 'Chive bed', x: 1, y: 1, width: 4, height: 4 }],
    });
    expect(layout.status).toBe(201);
    await page.goto(`${garden.baseURL}/planning/garden-layouts/${layout.body.id}`);
    const bed = page.getByRole('button', { name: 'Chive bed, 4 by 4 ft at 1, 1' });
    await tabTo(page, bed);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Chive bed' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: 'Chive bed, 4 by 4 ft at 1.5, 1' })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByText('All changes saved')).toBeVisible();
    const saved = await send(page, 'GET', `/api/garden-layouts/${layout.body.id}`);
    expect(saved.body.beds[0]).toMatchObject({ name: 'Chive bed', x: 1.5, y: 1 });
    expect(errors).toEqual([]);
  });
});
