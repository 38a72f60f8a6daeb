// Things that can be edited (issue #27 item 8), end to end: a gardener corrects a journal
// entry from its card, edits her open listing from its page, and edits her question before
// anyone answers; a second gardener reads "(edited)" on the listing and the question, then
// answers with the rich-text editor, after which the question can no longer be edited.
// Screenshots of the edit forms at desktop and phone width.

import type { Page } from '@playwright/test';
import { test, expect, DESKTOP, PHONE, type Account } from '../fixtures';
import { send } from '../support/api';

const EVE: Account = { username: 'edit-eve', password: 'secret-pass-eve' };
const FINN: Account = { username: 'edit-finn', password: 'secret-pass-finn' };

test.describe('editing a journal entry, a listing and a question', () => {
  test.describe.configure({ mode: 'serial' });
  let eve: Page;
  let finn: Page;
  let errors: string[][];
  let listingUrl = '';
  let questionUrl = '';

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(EVE, '--role', 'user');
    await createUser(FINN, '--role', 'user');
    eve = await openPage();
    finn = await openPage();
    errors = [eve, finn].map((p) => collectErrors(p));
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('eve corrects a journal entry from its card', async ({ signIn, garden, assertNoSidewaysScroll, shot }) => {
    await signIn(eve, EVE.username, EVE.password);
    const plant = await send(eve, 'POST', '/api/plants', { name: 'Lemon Thyme', plantType: 'Herbs' });
    expect(plant.status).toBe(201);
    const entry = await send(eve, 'POST', '/api/journal-entries', { plantId: plant.body.id, title: 'Frist flowers', content: 'Tiny and pink.' });
    expect(entry.status).toBe(201);

    await eve.goto(`${garden.baseURL}/journal`);
    const card = eve.getByRole('article', { name: 'Frist flowers' });
    await expect(card.getByText('(edited)')).toHaveCount(0);
    await card.getByRole('button', { name: 'Edit Frist flowers' }).click();
    const dialog = eve.getByRole('dialog', { name: 'Edit Journal Entry' });
    await expect(dialog.getByLabel('Title')).toHaveValue('Frist flowers');
    await dialog.getByLabel('Title').fill('F');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Title must be at least 2 characters')).toBeVisible();
    await dialog.getByLabel('Title').fill('First flowers');
    await dialog.getByLabel('Growth stage').selectOption('Flowering');
    await shot(eve, 'edit-journal-desktop');
    await eve.setViewportSize(PHONE);
    await assertNoSidewaysScroll(eve, 'the journal edit dialog');
    await shot(eve, 'edit-journal-phone');
    await eve.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await eve.getByText('Journal entry updated').first().waitFor();
    const edited = eve.getByRole('article', { name: 'First flowers' });
    await expect(edited.getByText('Flowering')).toBeVisible();
    await expect(edited.getByText('(edited)')).toBeVisible();
  });

  test('eve edits her open listing', async ({ garden, bothWidths }) => {
    const created = await send(eve, 'POST', '/api/plant-sharing', {
      title: 'Thyme cutings', plantName: 'Lemon Thyme', plantType: 'Herbs', listingType: 'Free', quantity: 2,
    });
    expect(created.status).toBe(201);
    listingUrl = `/community/plant-sharing/${created.body.id}`;
    await eve.goto(`${garden.baseURL}${listingUrl}`);
    await eve.getByRole('link', { name: 'Edit Listing' }).click();
    await eve.waitForURL(`${garden.baseURL}${listingUrl}?edit=1`);
    await expect(eve.getByLabel('Title')).toHaveValue('Thyme cutings');
    await eve.getByLabel('Title').fill('Lemon thyme cuttings');
    await eve.getByLabel('Listing type').selectOption('Sell');
    await eve.getByLabel('Price (£)').fill('1.5');
    await eve.getByLabel('Description').fill('Rooted, in 7 cm pots.');
    await bothWidths(eve, 'edit-listing');
    await eve.getByRole('button', { name: 'Save Changes' }).click();
    await eve.waitForURL(`${garden.baseURL}${listingUrl}`);
    await expect(eve.getByRole('heading', { level: 1, name: 'Lemon thyme cuttings' })).toBeVisible();
    await expect(eve.getByText('£1.50')).toBeVisible();
  });

  test('eve edits her question before anyone answers', async ({ garden, bothWidths }) => {
    const asked = await send(eve, 'POST', '/api/expert-qa', {
      title: 'Why is my thyme woody', content: 'The stems at the base are bare and brown.', tags: ['thyme'],
    });
    expect(asked.status).toBe(201);
    questionUrl = `/community/expert-qa/${asked.body.id}`;
    await eve.goto(`${garden.baseURL}${questionUrl}`);
    await eve.getByRole('button', { name: 'Edit question' }).click();
    const form = eve.getByRole('form', { name: 'Edit your question' });
    await form.getByLabel('Title').fill('Why is my lemon thyme woody at the base?');
    const details = form.getByRole('textbox', { name: 'Details', exact: true });
    await details.click();
    await eve.keyboard.press('End');
    await eve.keyboard.type(' It is three years old, in a pot.');
    await form.getByLabel('Tags').fill('thyme, pruning');
    await bothWidths(eve, 'edit-question');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await eve.getByText('Question Updated').first().waitFor();
    await expect(eve.getByRole('heading', { level: 1, name: 'Why is my lemon thyme woody at the base?' })).toBeVisible();
    await expect(eve.getByText('It is three years old, in a pot.')).toBeVisible();
    await expect(eve.getByText('#pruning')).toBeVisible();
  });

  test('eve edits the title and first post of her forum topic', async ({ garden, apiFromPage, bothWidths }) => {
    // A fresh install's forum has its three categories (issue 27 item 9).
    const categories = await apiFromPage(eve, '/api/forum/categories');
    const topic = await send(eve, 'POST', '/api/forum/topics', {
      title: 'Thyme that survived the winter', categoryId: categories.body[0].id,
      content: '<p>Mine came through minus eight in a terracotta pot.</p>',
    });
    expect(topic.status).toBe(201);
    await eve.goto(`${garden.baseURL}/community/forum/topic/${topic.body.id}`);
    await eve.getByRole('button', { name: 'Edit topic' }).click();
    const form = eve.getByRole('form', { name: 'Edit your topic' });
    await form.getByLabel('Title').fill('Lemon thyme that survived the winter');
    await bothWidths(eve, 'edit-topic');
    await form.getByRole('button', { name: 'Save' }).click();
    await eve.getByText('Topic Updated').first().waitFor();
    await expect(eve.getByRole('heading', { level: 1, name: 'Lemon thyme that survived the winter' })).toBeVisible();
    await expect(eve.getByRole('article').getByText('(edited)')).toBeVisible();
  });

  test('finn reads "(edited)" and answers; the question can no longer be edited', async ({ signIn, garden }) => {
    await signIn(finn, FINN.username, FINN.password);
    await finn.goto(`${garden.baseURL}${listingUrl}`);
    await expect(finn.getByRole('heading', { level: 1, name: 'Lemon thyme cuttings' })).toBeVisible();
    await expect(finn.getByText('(edited)')).toBeVisible();
    await expect(finn.getByRole('link', { name: 'Edit Listing' })).toHaveCount(0);

    await finn.goto(`${garden.baseURL}${questionUrl}`);
    await expect(finn.getByText('(edited)')).toBeVisible();
    await expect(finn.getByRole('button', { name: 'Edit question' })).toHaveCount(0);
    await finn.getByRole('textbox', { name: 'Your answer', exact: true }).click();
    await finn.keyboard.type('Cut it back by a third after flowering, never into the bare wood.');
    await finn.getByRole('button', { name: 'Post Answer' }).click();
    await finn.getByRole('listitem', { name: `Answer by ${FINN.username}` }).getByText('never into the bare wood').waitFor();

    await eve.goto(`${garden.baseURL}${questionUrl}`);
    await eve.getByRole('listitem', { name: `Answer by ${FINN.username}` }).waitFor();
    await expect(eve.getByRole('button', { name: 'Edit question' })).toHaveCount(0);
    const refused = await send(eve, 'PATCH', `/api/expert-qa/${questionUrl.split('/').pop()}`, { title: 'Something else entirely' });
    expect(refused.status).toBe(409);
    expect(errors.flat()).toEqual([]);
  });
});
