import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';
import type { HarvestBed, HarvestStats } from '../api/types';
import { emptyStats, makeHarvest, mockHarvests } from '../testing/mock-harvests';

const beds: HarvestBed[] = [
  { id: 21, name: 'Raised bed', layoutId: 2, layoutName: 'Allotment' },
  { id: 11, name: 'Bed 1', layoutId: 1, layoutName: 'Back garden' },
  { id: 12, name: 'Bed 2', layoutId: 1, layoutName: 'Back garden' },
];

const groups = (select: HTMLElement) =>
  Array.from(select.querySelectorAll('optgroup')).map((g) => `${g.label}: ${Array.from(g.querySelectorAll('option')).map((o) => o.textContent).join(', ')}`);

describe('Harvests tied to garden beds', { timeout: 20000 }, () => {
  it('records the bed a harvest came from, chosen among the gardener’s beds grouped by layout, and shows it on the record', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 2, name: 'Tomato' })];
    const mock = mockHarvests([], emptyStats(), beds);
    const { user, router } = renderApp('/planning/harvest-tracking/new?plantId=2');
    const bed = await screen.findByLabelText('Bed');
    expect(bed).toHaveValue('');
    await waitFor(() => expect(groups(bed)).toEqual(['Allotment: Raised bed', 'Back garden: Bed 1, Bed 2']));
    expect(mock.bedUrls[0]?.searchParams.get('limit')).toBe('200');
    await user.type(screen.getByLabelText('Quantity'), '2');
    await user.selectOptions(screen.getByLabelText('Unit'), 'kg');
    await user.selectOptions(bed, 'Bed 2');
    await user.click(screen.getByRole('button', { name: 'Record Harvest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning/harvest-tracking'));
    expect(mock.posted).toEqual([expect.objectContaining({ plantId: 2, bedId: 12 })]);
    const list = await screen.findByRole('list', { name: 'Harvest records' });
    expect(within(list).getByText('Bed 2 · Back garden')).toBeInTheDocument();
  });

  it('loads the next page of beds on request for a very large garden', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 2, name: 'Tomato' })];
    const many = Array.from({ length: 201 }, (_, i) => ({ id: i + 1, name: `Bed ${i + 1}`, layoutId: 1, layoutName: 'Farm' }));
    const mock = mockHarvests([], emptyStats(), many);
    const { user } = renderApp('/planning/harvest-tracking/new?plantId=2');
    const bed = await screen.findByLabelText('Bed');
    await user.click(await screen.findByRole('button', { name: 'Load more beds' }));
    await waitFor(() => expect(within(bed).getByRole('option', { name: 'Bed 201' })).toBeInTheDocument());
    expect(mock.bedUrls.at(-1)?.searchParams.get('cursor')).toBe('200');
    expect(screen.queryByRole('button', { name: 'Load more beds' })).not.toBeInTheDocument();
  });

  it('leaves the bed out by default and points to Garden Layouts when there is none', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 2, name: 'Tomato' })];
    const mock = mockHarvests([]);
    const { user } = renderApp('/planning/harvest-tracking/new?plantId=2');
    const bed = await screen.findByLabelText('Bed');
    expect(await screen.findByRole('link', { name: 'Go to Garden Layouts' })).toHaveAttribute('href', '/planning/garden-layouts');
    expect(bed).toHaveAccessibleDescription('Draw beds in Garden Layouts to see yield per square foot.');
    await user.click(screen.getByRole('button', { name: 'Record Harvest' }));
    await waitFor(() => expect(mock.posted).toHaveLength(1));
    expect(mock.posted[0]).toMatchObject({ bedId: null });
  });

  it('shows the server’s refusal of a bed on the Bed field', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 2, name: 'Tomato' })];
    mockHarvests([], emptyStats(), beds);
    const message = 'Bed not found in your garden layouts';
    server.use(http.post('*/api/harvests', () => HttpResponse.json({ message, code: 'invalid', errors: { bedId: message } }, { status: 400 })));
    const { user } = renderApp('/planning/harvest-tracking/new?plantId=2');
    const bed = await screen.findByLabelText('Bed');
    await waitFor(() => expect(groups(bed)).toHaveLength(2));
    await user.selectOptions(bed, 'Raised bed');
    await user.click(screen.getByRole('button', { name: 'Record Harvest' }));
    await waitFor(() => expect(bed).toHaveAttribute('aria-invalid', 'true'));
    expect(bed).toHaveAccessibleDescription(message);
  });

  it('edits a record keeping its bed, even one past the loaded list, and clears it with No bed', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Tomato' })];
    const mock = mockHarvests(
      [
        makeHarvest({ id: 5, plantId: 1, bedId: 12, bedName: 'Bed 2', layoutName: 'Back garden' }),
        makeHarvest({ id: 6, plantId: 1, bedId: 99, bedName: 'Far bed', layoutName: 'Farm' }),
      ],
      emptyStats(),
      beds,
    );
    const first = renderApp('/planning/harvest-tracking/5/edit');
    const bed = await screen.findByLabelText('Bed');
    expect(bed).toHaveValue('12');
    // The current bed is its own first option, not repeated in its layout's group.
    await waitFor(() => expect(groups(bed)).toEqual(['Allotment: Raised bed', 'Back garden: Bed 1']));
    expect(bed).toHaveDisplayValue('Bed 2 (Back garden)');
    await first.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(mock.patched).toHaveLength(1));
    expect(mock.patched[0]).toMatchObject({ bedId: 12 });
    first.unmount();

    const { user } = renderApp('/planning/harvest-tracking/6/edit');
    const other = await screen.findByLabelText('Bed');
    expect(other).toHaveValue('99');
    expect(other).toHaveDisplayValue('Far bed (Farm)');
    await user.selectOptions(other, 'No bed');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(mock.patched).toHaveLength(2));
    expect(mock.patched[1]).toMatchObject({ bedId: null });
  });

  // Issue #25 item 4: an imperial gardener reads lb per square foot, a metric one kg per m².
  it.each([
    ['imperial', 'Yield per square foot', ['0.165 lb/ft²', '(6.61 lb from 40 ft²)', '0.2 items/ft²']],
    ['metric', 'Yield per square metre', ['0.807 kg/m²', '(3 kg from 3.72 m²)', '2.15 items/m²']],
  ] as const)('shows each bed’s yield (%s) with its layout in the stats sheet', async (units, heading, texts) => {
    signedInGardener({ units });
    const stats: HarvestStats = {
      ...emptyStats(),
      totalHarvests: 4,
      yieldPerSquareFoot: [
        {
          bedId: 11,
          bedName: 'Bed 1',
          layoutId: 1,
          layoutName: 'Back garden',
          area: 40,
          records: 3,
          yields: [
            { kind: 'mass', unit: 'kg', amount: 3, perSquareFoot: 0.075, records: 2 },
            { kind: 'count', unit: 'items', amount: 8, perSquareFoot: 0.2, records: 1 },
          ],
        },
        { bedId: 21, bedName: 'Raised bed', layoutId: 2, layoutName: 'Allotment', area: 4, records: 1, yields: [] },
      ],
    };
    mockHarvests([makeHarvest({ id: 1 })], stats);
    const { user } = renderApp('/planning/harvest-tracking');
    await screen.findByRole('list', { name: 'Harvest records' });
    await user.click(screen.getByRole('button', { name: 'View Stats' }));
    const sheet = await screen.findByRole('dialog', { name: 'Harvest Stats' });
    const card = (await within(sheet).findByRole('heading', { name: heading })).closest('section')!;
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Bed 1')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Back garden')).toBeInTheDocument();
    for (const text of texts) expect(within(items[0]!).getByText(text)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Raised bed')).toBeInTheDocument();
    expect(within(items[1]!).getByText('1 harvest, none weighed or counted')).toBeInTheDocument();
  });

  it('says how to get a yield per square foot when no record names a bed', async () => {
    signedInGardener();
    mockHarvests([makeHarvest({ id: 1 })]);
    const { user } = renderApp('/planning/harvest-tracking');
    await screen.findByRole('list', { name: 'Harvest records' });
    await user.click(screen.getByRole('button', { name: 'View Stats' }));
    const sheet = await screen.findByRole('dialog', { name: 'Harvest Stats' });
    const card = (await within(sheet).findByRole('heading', { name: 'Yield per square foot' })).closest('section')!;
    expect(within(card).getByText(/Choose the bed a harvest came from/)).toBeInTheDocument();
  });
});
