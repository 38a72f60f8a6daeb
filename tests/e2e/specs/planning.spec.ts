// A gardener plans a garden and its rotation, end to end: draws a 20 × 10 ft layout with three
// beds by dragging, puts a plant in a bed, saves, reloads, duplicates; makes a three-year plan on
// the layout, rotates it, forces a repeat and sees the warning; the plant's page says where it
// grows. Both editors and both lists are photographed at desktop and phone width.

import type { Page } from '@playwright/test';
import { test, expect, type Account } from '../fixtures';

const PLANNER: Account = { username: 'planner-e2e', password: 'secret-pass-planner' };
const LAYOUT = 'Veg patch e2e';

/** drag draws with the mouse from one point to another, in feet on the layout. */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  const ground = page.getByTestId('layout-ground');
  const box = await ground.boundingBox();
  if (!box) throw new Error('no layout on screen');
  const perFoot = box.width / 20;
  const at = ([x, y]: [number, number]) => [box.x + x * perFoot, box.y + y * perFoot] as const;
  const [x1, y1] = at(from);
  const [x2, y2] = at(to);
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move((x1 + x2) / 2, (y1 + y2) / 2, { steps: 4 });
  await page.mouse.move(x2, y2, { steps: 4 });
  await page.mouse.up();
}

test.describe('planning (a gardener draws a garden and plans its rotation)', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let errors: string[];
  let layoutId = 0;
  let plantId = 0;

  test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
    await createUser(PLANNER, '--role', 'user');
    page = await openPage();
    errors = collectErrors(page);
  });
  test.afterAll(async ({ closePages }) => closePages());

  test('signs in, has a plant and no layouts yet', async ({ signIn, dismissToasts, mainNav, garden }) => {
    await signIn(page, PLANNER.username, PLANNER.password);
    await dismissToasts(page);
    plantId = await page.evaluate(async () => {
      const r = await fetch('/api/plants', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify({ name: 'Planner Basil', plantType: 'Herbs' }),
      });
      return (await r.json()).id as number;
    });
    expect(plantId).toBeGreaterThan(0);
    await page.reload(); // the dashboard cached the empty plant list
    await mainNav(page).getByRole('link', { name: 'Garden Layouts' }).click();
    await page.waitForURL(`${garden.baseURL}/planning/garden-layouts`);
    await expect(page.getByRole('heading', { level: 1, name: 'Garden Layouts' })).toBeVisible();
    await expect(page.getByText('No garden layouts found.')).toBeVisible();
  });

  test('draws a 20 × 10 ft layout with three beds by dragging', async ({ garden }) => {
    await page.getByRole('link', { name: 'New Layout' }).first().click();
    await page.waitForURL(`${garden.baseURL}/planning/garden-layouts/new`);
    await page.getByLabel('Name', { exact: true }).fill(LAYOUT);
    await expect(page.getByLabel('Width (ft)')).toHaveValue('20');
    await expect(page.getByLabel('Length (ft)')).toHaveValue('10');
    await drag(page, [1, 1], [5, 9]);
    await drag(page, [7.1, 1.2], [11, 9]);
    await drag(page, [13, 1], [19, 4]);
    // A bed drawn over another is refused.
    await drag(page, [3, 3], [8, 5]);
    await expect(page.getByText(/Beds cannot overlap/)).toBeVisible();
    const canvas = page.getByRole('group', { name: /Veg patch e2e: 20 by 10 feet, 3 beds/ });
    await expect(canvas).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Bed 1, 4 by 8 ft at 1, 1' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Bed 2, 4 by 8 ft at 7, 1' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Bed 3, 6 by 3 ft at 13, 1' })).toBeVisible();
    await expect(page.getByText('Not saved yet')).toBeVisible();
  });

  test('types a size, adds a plant to a bed, saves', async ({ garden, dismissToasts }) => {
    // Select Bed 3 and make it 6 × 4 by typing.
    await page.getByRole('button', { name: 'Bed 3, 6 by 3 ft at 13, 1' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Bed 3' })).toBeVisible();
    await page.getByLabel('Length (ft)').fill('4');
    await page.getByLabel('Length (ft)').press('Enter');
    await expect(page.getByRole('button', { name: 'Bed 3, 6 by 4 ft at 13, 1' })).toBeVisible();
    await page.getByRole('button', { name: /^Bed 2, / }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Bed 2' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Planner Basil' }).click();
    await expect(page.getByRole('list', { name: 'Plantings in Bed 2' }).getByText('Planner Basil')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/planning\/garden-layouts\/\d+$/);
    layoutId = Number(page.url().split('/').pop());
    await expect(page.getByText('All changes saved')).toBeVisible();
    await dismissToasts(page);
    // Nothing is lost on a reload.
    await page.reload();
    const canvas = page.getByRole('group', { name: /3 beds/ });
    await expect(canvas.getByRole('button', { name: 'Bed 3, 6 by 4 ft at 13, 1' })).toBeVisible();
    await expect(canvas.getByText('Planner Basil ×1')).toBeVisible();
    expect(page.url()).toBe(`${garden.baseURL}/planning/garden-layouts/${layoutId}`);
  });

  test('moves a bed with the keyboard, undoes it, and is warned before leaving unsaved work', async ({ bothWidths }) => {
    await page.getByRole('button', { name: 'Bed 1, 4 by 8 ft at 1, 1' }).click();
    await page.getByRole('group', { name: /3 beds/ }).press('ArrowRight');
    await expect(page.getByRole('button', { name: 'Bed 1, 4 by 8 ft at 1.5, 1' })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('link', { name: 'Garden Layouts' }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('button', { name: 'Bed 1, 4 by 8 ft at 1, 1' })).toBeVisible();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await page.getByRole('button', { name: /^Bed 2, / }).click();
    await bothWidths(page, 'planning-layout-editor');
  });

  test('duplicates the layout from the list', async ({ bothWidths, garden }) => {
    await page.getByRole('link', { name: 'Garden Layouts' }).first().click();
    await page.waitForURL(`${garden.baseURL}/planning/garden-layouts`);
    const card = page.locator('article', { has: page.getByRole('link', { name: LAYOUT, exact: true }) });
    await expect(card.getByText('3 beds')).toBeVisible();
    await expect(card.getByText('20 ft × 10 ft')).toBeVisible();
    await card.getByRole('button', { name: `Actions for ${LAYOUT}` }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page.getByText('Layout Copied', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: `Copy of ${LAYOUT}` })).toBeVisible();
    await bothWidths(page, 'planning-layouts');
  });

  test('makes a three-year plan on the layout', async ({ mainNav, garden, dismissToasts }) => {
    await mainNav(page).getByRole('link', { name: 'Crop Rotation' }).click();
    await page.waitForURL(`${garden.baseURL}/planning/crop-rotation`);
    await expect(page.getByText('No rotation plans found.')).toBeVisible();
    await expect(page.getByText('No rotation groups defined.')).toBeVisible();
    await page.getByRole('link', { name: 'Manage Groups' }).click();
    await page.getByRole('button', { name: 'Add classic groups' }).first().click();
    await expect(page.getByRole('list', { name: 'Rotation groups' }).getByText('Solanaceae')).toBeVisible();
    await dismissToasts(page);
    await page.getByRole('link', { name: 'Crop Rotation' }).first().click();
    await page.getByRole('link', { name: 'New Plan' }).first().click();
    await page.getByLabel('Name', { exact: true }).fill('Veg patch rotation');
    await page.getByLabel('Start year').fill('2026');
    await page.getByLabel('Years (1–10)').fill('3');
    await page.getByLabel('Garden layout').selectOption({ label: `${LAYOUT} (3 beds)` });
    await page.getByRole('button', { name: 'Create Plan' }).click();
    await page.waitForURL(/\/planning\/crop-rotation\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Veg patch rotation' })).toBeVisible();
    await expect(page.getByText(`2026–2028 · 3 beds on ${LAYOUT}`)).toBeVisible();
  });

  test('rotates, then sees a warning after a forced repeat', async ({ bothWidths, apiFromPage }) => {
    await page.getByRole('combobox', { name: 'Bed 1, 2026' }).selectOption({ label: 'Legumes' });
    await page.getByRole('combobox', { name: 'Bed 2, 2026' }).selectOption({ label: 'Brassicas' });
    await page.getByRole('combobox', { name: 'Bed 3, 2026' }).selectOption({ label: 'Roots' });
    await page.getByRole('button', { name: 'Rotate' }).click();
    await expect(page.getByRole('combobox', { name: 'Bed 2, 2027' })).toHaveValue(
      await page.getByRole('combobox', { name: 'Bed 1, 2026' }).inputValue(),
    );
    await expect(page.getByText('No group comes back to a bed within 3 years.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Bed 1, 2027' }).selectOption({ label: 'Legumes' });
    const warning = 'Legumes return to Bed 1 in 2027, 1 year after 2026 (wait at least 3 years)';
    await expect(page.getByRole('list', { name: 'Rotation warnings' }).getByText(warning)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Bed 1, 2027' })).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    // The server computes the same warning.
    const planId = Number(page.url().split('/').pop());
    const plan = await apiFromPage(page, `/api/crop-rotation/plans/${planId}`);
    expect(plan.body.warnings.map((w: { message: string }) => w.message)).toEqual([warning]);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Rotation warnings' }).getByText(warning)).toBeVisible();
    // The layout coloured by group for a chosen year.
    await page.getByRole('button', { name: '2027', exact: true }).click();
    await expect(page.getByRole('group', { name: /Veg patch e2e/ }).getByText('Legumes').first()).toBeVisible();
    await bothWidths(page, 'planning-plan-editor');
  });

  test('the plant page says where it grows', async ({ garden }) => {
    await page.goto(`${garden.baseURL}/plants/${plantId}`);
    await expect(page.getByRole('link', { name: `${LAYOUT} · Bed 2`, exact: true })).toHaveAttribute('href', `/planning/garden-layouts/${layoutId}`);
  });

  test('the lists at both widths', async ({ bothWidths, garden }) => {
    await page.goto(`${garden.baseURL}/planning/crop-rotation`);
    await expect(page.getByRole('link', { name: 'Veg patch rotation' })).toBeVisible();
    await bothWidths(page, 'planning-crop-rotation');
  });

  test('no uncaught errors or console errors', () => {
    expect(errors).toEqual([]);
  });
});
