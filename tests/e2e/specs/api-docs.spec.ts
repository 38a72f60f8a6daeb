// The API reference at /api/docs: Swagger UI renders GET /api/openapi.json for visitors, and
// "Try it out" sends the signed-in user's token.

import type { Page } from '@playwright/test';
import { test, expect, type Account } from '../fixtures';

const READER: Account = { username: 'api-docs-reader', password: 'secret-pass-docs' };

test.describe('API reference', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(READER, '--role', 'user');
    page = await openPage();
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('a visitor reads the reference rendered from the OpenAPI document', async ({ garden, shot }) => {
    await page.goto(`${garden.baseURL}/api/docs`);
    await expect(page.getByRole('heading', { name: /Garden API/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('OAS 3.1')).toBeVisible();
    // Swagger UI renders the operations as they scroll into view: check the first ones.
    await expect(page.getByRole('link', { name: '/api/auth-check', exact: true })).toBeVisible();
    await shot(page, 'api-docs-desktop');
  });

  test('signed in, Try it out sends the token', async ({ garden, signIn }) => {
    await signIn(page, READER.username, READER.password);
    await page.goto(`${garden.baseURL}/api/docs#/user/getUser`);
    const op = page.locator('#operations-user-getUser');
    await expect(op).toBeVisible({ timeout: 20_000 });
    if (!(await op.locator('.try-out__btn').isVisible())) await op.locator('.opblock-summary').click();
    await op.locator('.try-out__btn').click();
    await op.getByRole('button', { name: 'Execute' }).click();
    await expect(op.locator('.live-responses-table td.response-col_status:not(.col_header)').first()).toHaveText(/^200/);
    await expect(op.locator('.live-responses-table .microlight').first()).toContainText(READER.username);
  });

  test('no uncaught errors or console errors', () => {
    expect(errors).toEqual([]);
  });
});
