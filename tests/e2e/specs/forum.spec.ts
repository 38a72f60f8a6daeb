// Community forum (issue #10): a superadmin creates a category; a gardener opens a topic with
// formatting in the rich-text editor; a second gardener replies and likes; the first sees the
// reply notification in the bell; the superadmin places the reply in review and locks the
// topic; a visitor reads without signing in. Screenshots at desktop and phone width.

import type { Page } from '@playwright/test';
import { test, expect, DESKTOP, type Account } from '../fixtures';

const ROSA: Account = { username: 'forum-rosa', password: 'secret-pass-rosa' };
const TOM: Account = { username: 'forum-tom', password: 'secret-pass-tom' };
const CATEGORY = 'Greenhouse Growing';
const SLUG = 'greenhouse-growing';
const TITLE = 'Which tomatoes ripen in an unheated greenhouse?';
const REPLY = 'Sungold ripens early and copes with cold nights.';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications( \(.+ unread\))?$/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const editor = (page: Page, name: string) => page.getByRole('textbox', { name });

test.describe('community forum', () => {
  test.describe.configure({ mode: 'serial' });
  let admin: Page;
  let rosa: Page;
  let tom: Page;
  let visitor: Page;
  let topicURL = '';
  let errors: string[][];

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(ROSA, '--role', 'user');
    await createUser(TOM, '--role', 'user');
    admin = await openPage();
    rosa = await openPage();
    tom = await openPage();
    visitor = await openPage();
    errors = [collectErrors(admin), collectErrors(rosa), collectErrors(tom), collectErrors(visitor)];
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('the superadmin creates a category on Forum Categories (the slug follows the name)', async ({ signIn, dismissToasts, bothWidths, garden }) => {
    await signIn(admin, 'admin', garden.adminPassword);
    await dismissToasts(admin);
    await admin.goto(`${garden.baseURL}/admin/forum-categories`);
    await admin.getByRole('heading', { level: 1, name: 'Forum Categories' }).waitFor();
    await admin.getByRole('button', { name: 'Add Category' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByLabel('Name').fill(CATEGORY);
    await expect(dialog.getByLabel('Slug')).toHaveValue(SLUG);
    await dialog.getByLabel('Description').fill('Tomatoes, cucumbers and peppers under glass');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('row', { name: CATEGORY }).waitFor();
    await dismissToasts(admin);
    await bothWidths(admin, 'forum-categories-admin');
  });

  test('a gardener opens a topic with bold text and a list', async ({ signIn, dismissToasts, bothWidths, mainNav, garden }) => {
    await signIn(rosa, ROSA.username, ROSA.password);
    await dismissToasts(rosa);
    await mainNav(rosa).getByRole('link', { name: 'Forum' }).click();
    await rosa.getByRole('heading', { level: 1, name: 'Community Forum' }).waitFor();
    await rosa.getByRole('link', { name: new RegExp(CATEGORY) }).click();
    await rosa.waitForURL(`${garden.baseURL}/community/forum/category/${SLUG}`);
    await rosa.getByText('No topics have been created in this category yet. Be the first to start a conversation!').waitFor();
    await rosa.getByRole('link', { name: 'New Topic' }).first().click();
    await rosa.waitForURL(/\/community\/forum\/new\?categoryId=\d+/);
    await expect(rosa.getByLabel('Category')).toHaveValue(/\d+/);
    await rosa.getByLabel('Title').fill(TITLE);
    const content = editor(rosa, 'Content');
    await content.click();
    await rosa.getByRole('button', { name: 'Bold' }).click();
    await rosa.keyboard.type('Unheated');
    await rosa.getByRole('button', { name: 'Bold' }).click();
    await rosa.keyboard.type(' greenhouse in the north. So far I tried:');
    await rosa.keyboard.press('Enter');
    await rosa.getByRole('button', { name: 'Bulleted list' }).click();
    await rosa.keyboard.type('Moneymaker');
    await rosa.keyboard.press('Enter');
    await rosa.keyboard.type('Alicante');
    await rosa.getByRole('button', { name: 'Preview' }).click();
    await rosa.getByRole('region', { name: 'Content preview' }).locator('strong', { hasText: 'Unheated' }).waitFor();
    await bothWidths(rosa, 'forum-new-topic');
    await rosa.setViewportSize(DESKTOP);
    await rosa.getByRole('button', { name: 'Write' }).click();
    await rosa.getByRole('button', { name: 'Create Topic' }).click();
    await rosa.waitForURL(/\/community\/forum\/topic\/\d+$/);
    topicURL = rosa.url();
    await rosa.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    // The stored HTML keeps the formatting.
    await rosa.locator('.forum-topic-card__body strong', { hasText: 'Unheated' }).waitFor();
    await expect(rosa.locator('.forum-topic-card__body li')).toHaveCount(2);
    await rosa.getByText('No replies yet. Be the first to respond!').waitFor();
  });

  test('a second gardener replies and likes', async ({ signIn }) => {
    await signIn(tom, TOM.username, TOM.password);
    await tom.goto(topicURL);
    await tom.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await tom.getByRole('button', { name: 'Post Reply' }).click();
    await tom.getByText('Please enter some content for your reply').first().waitFor();
    await editor(tom, 'Your reply').click();
    await tom.keyboard.type(REPLY);
    await tom.getByRole('button', { name: 'Post Reply' }).click();
    const reply = tom.getByRole('listitem', { name: `Reply by ${TOM.username}` });
    await reply.getByText(REPLY).waitFor();
    // Tom cannot like his own reply; Rosa can.
    await expect(reply.getByRole('button', { name: /Like/ })).toBeDisabled();
    await rosa.reload();
    const seen = rosa.getByRole('listitem', { name: `Reply by ${TOM.username}` });
    await seen.getByRole('button', { name: 'Like (0 likes)' }).click();
    await seen.getByRole('button', { name: 'Unlike (1 like)' }).waitFor();
  });

  test('the topic author sees the reply notification in the bell', async ({ shot }) => {
    await rosa.reload();
    await bell(rosa).click();
    const item = panel(rosa).getByRole('button', { name: new RegExp(`New reply in`) });
    await item.waitFor();
    await expect(item).toContainText(`${TOM.username} replied`);
    await shot(rosa, 'forum-reply-notification-desktop');
    await item.click();
    await rosa.waitForURL(topicURL);
  });

  test('the superadmin places the reply in review and locks the topic', async ({ dismissToasts, bothWidths }) => {
    await admin.setViewportSize(DESKTOP);
    await admin.goto(topicURL);
    await admin.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const reply = admin.getByRole('listitem', { name: `Reply by ${TOM.username}` });
    await reply.getByRole('button', { name: 'Review' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Place Reply in Review' });
    await dialog.getByLabel(/Reason/).fill('Checking the variety names');
    await dialog.getByRole('button', { name: 'Place in Review' }).click();
    await dialog.waitFor({ state: 'detached' });
    await reply.getByText('Under Review').waitFor();
    await dismissToasts(admin);
    await admin.getByRole('button', { name: 'Lock' }).click();
    await admin.getByText('This topic is locked and no longer accepting new replies.').waitFor();
    await dismissToasts(admin);
    await bothWidths(admin, 'forum-topic-superadmin');
    // The reply is now only the author's and superadmins': Rosa no longer sees it, Tom sees "Awaiting review".
    await rosa.reload();
    await rosa.getByText('No replies yet. Be the first to respond!').waitFor();
    await rosa.getByText('This topic is locked and no longer accepting new replies.').waitFor();
    await tom.reload();
    await tom.getByRole('listitem', { name: `Reply by ${TOM.username}` }).getByText('Awaiting review').waitFor();
    await bell(tom).click();
    await panel(tom).getByRole('button', { name: /Your post is awaiting review/ }).waitFor();
    await expect(panel(tom).getByRole('button', { name: /Your post is awaiting review/ })).toContainText('Checking the variety names');
  });

  test('a visitor reads the forum without signing in', async ({ bothWidths, garden, assertNoSidewaysScroll }) => {
    await visitor.goto(`${garden.baseURL}/community/forum?tab=latest`);
    await visitor.getByRole('link', { name: TITLE }).click();
    await visitor.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await visitor.getByText('This topic is locked and no longer accepting new replies.').waitFor();
    await expect(visitor.getByRole('button', { name: 'Post Reply' })).toHaveCount(0);
    await bothWidths(visitor, 'forum-topic-visitor');
    await assertNoSidewaysScroll(visitor, 'topic page');
  });

  test('no uncaught errors or console errors', () => {
    expect(errors.flat()).toEqual([]);
  });
});
