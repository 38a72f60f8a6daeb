// A HortusFox household moves to Garden, end to end: a gardener picks their HortusFox backup
// in Settings › Import, reads the preview (counts and what Garden leaves out), imports it and
// finds the plants with their photos, at desktop and phone width.

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, PHOTO, type Account } from '../fixtures';
import { hortusFoxBackup } from '../support/hortusfox-zip';

const MOVER: Account = { username: 'hortusfox-mover', password: 'secret-pass-import' };

test.describe('HortusFox import (a gardener moving from HortusFox)', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(MOVER, '--role', 'user');
    page = await openPage();
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('previews the backup in Settings › Import', async ({ signIn, dismissToasts, garden, bothWidths }) => {
    await signIn(page, MOVER.username, MOVER.password);
    await dismissToasts(page);
    await page.goto(`${garden.baseURL}/settings`);
    const backup = hortusFoxBackup(await readFile(PHOTO));
    await page.getByLabel('HortusFox backup (.zip)').setInputFiles({ name: 'hf_backup_2026.zip', mimeType: 'application/zip', buffer: backup });
    const preview = page.getByRole('region', { name: 'Import preview' });
    await expect(preview.getByText('holds 2 plants, 1 journal entry, 1 care task and 2 photos to import')).toBeVisible();
    await preview.getByText(/Not imported: 1 item/).click();
    await expect(preview.getByText('Mister bottle')).toBeVisible();
    await preview.scrollIntoViewIfNeeded();
    await bothWidths(page, 'settings-import-preview');
  });

  test('imports it and sees the plants with their photos', async ({ garden, bothWidths, dismissToasts }) => {
    await page.getByRole('region', { name: 'Import preview' }).getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('Imported 2 plants, 1 journal entry, 1 care task and 2 photos.')).toBeVisible();
    await page.getByRole('link', { name: 'See your plants' }).click();
    await page.waitForURL(`${garden.baseURL}/plants`);
    await dismissToasts(page);
    const card = page.getByRole('article').filter({ hasText: 'Imported Calathea' }).first();
    await expect(card).toBeVisible();
    await expect(page.getByText('Imported Snake Plant').first()).toBeVisible();
    const photo = card.locator('img').first();
    await expect(photo).toHaveAttribute('src', /\/api\/images\//);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await bothWidths(page, 'plants-after-hortusfox-import');
  });

  test('no uncaught errors or console errors', () => {
    expect(errors).toEqual([]);
  });
});
