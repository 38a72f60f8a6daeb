// Plant sharing and expert Q&A, end to end: gardener A lists a Swap with a photo, gardener B
// messages it, A answers and marks it completed with B, who adds it to their plants; B asks a
// question with tags, an expert answers, B accepts the answer. Screenshots at desktop and phone
// width.

import type { Page } from '@playwright/test';
import { test, expect, PHOTO, type Account } from '../fixtures';

const ANN: Account = { username: 'share-ann', password: 'secret-pass-ann' };
const BEA: Account = { username: 'share-bea', password: 'secret-pass-bea' };
const SAGE: Account = { username: 'share-sage', password: 'secret-pass-sage' };

test.describe('plant sharing and expert Q&A (two gardeners and an expert)', () => {
  test.describe.configure({ mode: 'serial' });
  let ann: Page;
  let bea: Page;
  let sage: Page;
  let errors: string[][];
  let listingUrl = '';
  let questionUrl = '';

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(ANN, '--role', 'user');
    await createUser(BEA, '--role', 'user');
    // Admins are experts (docs/decisions.md "Plant sharing and expert Q&A").
    await createUser(SAGE, '--role', 'admin');
    ann = await openPage();
    bea = await openPage();
    sage = await openPage();
    errors = [ann, bea, sage].map((p) => collectErrors(p));
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('A lists a Swap with a photo', async ({ signIn, mainNav, garden, bothWidths }) => {
    await signIn(ann, ANN.username, ANN.password);
    await mainNav(ann).getByRole('link', { name: 'Plant Sharing' }).click();
    await ann.waitForURL(`${garden.baseURL}/community/plant-sharing`);
    await expect(ann.getByRole('heading', { level: 1, name: 'Plant Sharing' })).toBeVisible();
    await ann.getByRole('link', { name: 'New Listing' }).first().click();
    await ann.getByLabel('Title').fill('Spare mint cuttings');
    await ann.getByLabel('Plant name').fill('Mint');
    await ann.getByLabel('Plant type').selectOption('Herbs');
    await ann.getByLabel('Description').fill('Rooted in water, ready to pot up. Chives welcome in exchange.');
    await ann.getByLabel('Listing type').selectOption('Swap');
    await expect(ann.getByLabel('Price (£)')).toHaveCount(0);
    await ann.getByLabel('Quantity').fill('6');
    await ann.getByLabel('Location (optional)').fill('Leeds');
    await ann.getByLabel('Listing photo').setInputFiles(PHOTO);
    await ann.getByAltText('Preview of the listing photo').waitFor();
    const [created, image] = await Promise.all([
      ann.waitForResponse((r) => r.url().endsWith('/api/plant-sharing') && r.request().method() === 'POST'),
      ann.waitForResponse((r) => /\/api\/plant-sharing\/\d+\/image$/.test(r.url())),
      ann.getByRole('button', { name: 'Create Listing' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(image.status()).toBe(200);
    listingUrl = `/community/plant-sharing/${(await created.json()).id}`;
    await ann.waitForURL(`${garden.baseURL}/community/plant-sharing`);
    const card = ann.getByRole('article', { name: 'Spare mint cuttings' });
    await expect(card.getByText('Swap', { exact: true })).toBeVisible();
    await bothWidths(ann, 'sharing-list');
  });

  test('B messages the listing', async ({ signIn, garden }) => {
    await signIn(bea, BEA.username, BEA.password);
    await bea.goto(`${garden.baseURL}${listingUrl}`);
    await expect(bea.getByRole('heading', { level: 1, name: 'Spare mint cuttings' })).toBeVisible();
    await bea.getByLabel('Your message').fill('Hello! Could I have two? I can bring chives on Saturday.');
    await bea.getByRole('button', { name: 'Send Message' }).click();
    await bea.getByText('Message Sent').first().waitFor();
    await expect(bea.getByText('Could I have two?')).toBeVisible();
  });

  test('A answers and marks the listing completed with B', async ({ garden, bothWidths, dismissToasts }) => {
    await ann.goto(`${garden.baseURL}${listingUrl}`);
    const conversation = ann.getByRole('region', { name: `Conversation with ${BEA.username}` });
    await expect(conversation.getByText('Could I have two?')).toBeVisible();
    await conversation.getByLabel(`Reply to ${BEA.username}`).fill('Of course, Saturday morning works.');
    await conversation.getByRole('button', { name: 'Send Reply' }).click();
    await expect(conversation.getByText('Saturday morning works.')).toBeVisible();
    await dismissToasts(ann);
    await bothWidths(ann, 'sharing-detail-owner');
    await ann.getByRole('button', { name: 'Mark as Completed' }).click();
    const dialog = ann.getByRole('dialog', { name: 'Mark as Completed' });
    await dialog.getByLabel('Who did it go to?').selectOption({ label: BEA.username });
    await dialog.getByRole('button', { name: 'Mark as Completed' }).click();
    await ann.getByText('Listing Updated').first().waitFor();
    await expect(ann.getByText('COMPLETED', { exact: true })).toBeVisible();
    await expect(ann.getByText('This listing is no longer available')).toBeVisible();
    await expect(ann.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
  });

  test('B sees the answer and adds the plant to My Plants', async ({ garden, bothWidths }) => {
    await bea.goto(`${garden.baseURL}${listingUrl}`);
    await expect(bea.getByText('Of course, Saturday morning works.')).toBeVisible();
    await expect(bea.getByLabel('Your message')).toHaveCount(0);
    await bothWidths(bea, 'sharing-detail-completed');
    await bea.getByRole('button', { name: 'Add to My Plants' }).click();
    await bea.waitForURL(/\/plants\/\d+$/);
    await expect(bea.getByRole('heading', { level: 1, name: 'Mint' })).toBeVisible();
  });

  test('B asks a question with tags', async ({ garden, bothWidths }) => {
    await bea.goto(`${garden.baseURL}/community/expert-qa`);
    await expect(bea.getByRole('heading', { level: 1, name: 'Expert Q&A' })).toBeVisible();
    await bea.getByRole('link', { name: 'Ask a Question' }).first().click();
    await bea.getByLabel('Title').fill('Why are my mint leaves turning brown?');
    await bea.getByLabel('Details').fill('The new mint from the swap has brown spots on the lower leaves since Monday.');
    await bea.getByLabel('Tags').fill('mint, leaves');
    const [posted] = await Promise.all([
      bea.waitForResponse((r) => r.url().endsWith('/api/expert-qa') && r.request().method() === 'POST'),
      bea.getByRole('button', { name: 'Post Question' }).click(),
    ]);
    expect(posted.status()).toBe(201);
    questionUrl = `/community/expert-qa/${(await posted.json()).id}`;
    await bea.waitForURL(`${garden.baseURL}${questionUrl}`);
    await expect(bea.getByRole('heading', { level: 1, name: 'Why are my mint leaves turning brown?' })).toBeVisible();
    await expect(bea.getByText('#mint')).toBeVisible();
    await bea.goto(`${garden.baseURL}/community/expert-qa`);
    await expect(bea.getByRole('article', { name: 'Why are my mint leaves turning brown?' }).getByText('Open')).toBeVisible();
    await bothWidths(bea, 'expert-qa-list');
  });

  test('an expert answers', async ({ signIn, garden }) => {
    await signIn(sage, SAGE.username, SAGE.password);
    await sage.goto(`${garden.baseURL}${questionUrl}`);
    await sage.getByRole('textbox', { name: 'Your answer', exact: true }).click();
    await sage.keyboard.type('Brown spots on mint are usually rust: remove the leaves and water at the base.');
    await sage.getByRole('button', { name: 'Post Answer' }).click();
    const answer = sage.getByRole('listitem', { name: `Answer by ${SAGE.username}` });
    await expect(answer.getByText('Expert')).toBeVisible();
    await expect(sage.getByText('Answered', { exact: true })).toBeVisible();
  });

  test('B accepts the answer', async ({ garden, bothWidths }) => {
    await bea.goto(`${garden.baseURL}${questionUrl}`);
    const answer = bea.getByRole('listitem', { name: `Answer by ${SAGE.username}` });
    await answer.getByRole('button', { name: 'Accept answer' }).click();
    await expect(answer.getByText('Accepted')).toBeVisible();
    await bothWidths(bea, 'expert-qa-question');
    expect(errors.flat()).toEqual([]);
  });
});
