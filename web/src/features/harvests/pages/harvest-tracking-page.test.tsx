import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';
import type { HarvestStats } from '../api/types';
import { emptyStats, makeHarvest, mockHarvests } from '../testing/mock-harvests';

const names = () =>
  within(screen.getByRole('list', { name: 'Harvest records' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

const records = [
  makeHarvest({ id: 1, plantId: 1, plantName: 'Tomato', harvestDate: '2026-07-01', quantity: 2, unit: 'kg', notes: 'First truss' }),
  makeHarvest({ id: 2, plantId: 2, plantName: 'Basil', harvestDate: '2026-07-03', quantity: null, unit: '' }),
  makeHarvest({ id: 3, plantId: null, plantName: '', harvestDate: '2026-06-20', quantity: 4, unit: '' }),
  makeHarvest({ id: 4, plantId: 1, plantName: 'Tomato', harvestDate: '2026-07-01', quantity: 3, unit: 'bunches', imageUrl: '/api/images/t.jpg' }),
];

describe('Harvest Tracking (/planning/harvest-tracking)', { timeout: 20000 }, () => {
  it('lists records newest first with quantity, Not specified, Unnamed Harvest, notes and image', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Tomato', plantType: 'Vegetables' }), makePlant({ id: 2, name: 'Basil' })];
    mockHarvests(records);
    renderApp('/planning/harvest-tracking');
    expect(await screen.findByRole('heading', { level: 1, name: 'Harvest Tracking' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Harvest records' });
    expect(names()).toEqual(['Basil', 'Tomato', 'Tomato', 'Unnamed Harvest']);
    const list = screen.getByRole('list', { name: 'Harvest records' });
    expect(within(list).getByText('Not specified')).toBeInTheDocument();
    expect(within(list).getByText('2 kg')).toBeInTheDocument();
    expect(within(list).getByText('3 bunches')).toBeInTheDocument();
    expect(within(list).getByText('4 units')).toBeInTheDocument();
    expect(within(list).getByText('First truss')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Tomato' })).toHaveAttribute('src', '/api/images/t.jpg');
    expect(screen.getByRole('link', { name: 'Record Harvest' })).toHaveAttribute('href', '/planning/harvest-tracking/new');
  });

  it('sends the plant, period and search filters to the server and keeps them in the URL', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Tomato' }), makePlant({ id: 2, name: 'Basil' })];
    const mock = mockHarvests(records);
    const { user, router } = renderApp('/planning/harvest-tracking');
    await screen.findByRole('list', { name: 'Harvest records' });
    const plant = screen.getByLabelText('Plant');
    await waitFor(() => expect(within(plant).getAllByRole('option').map((o) => o.textContent)).toEqual(['All Plants', 'Basil', 'Tomato']));
    await user.selectOptions(plant, 'Basil');
    await waitFor(() => expect(names()).toEqual(['Basil']));
    const period = screen.getByLabelText('Time period');
    expect(within(period).getAllByRole('option').map((o) => o.textContent)).toEqual(['All time', 'This year', 'Last 3 months', 'This month']);
    await user.selectOptions(period, 'This month');
    await waitFor(() => expect(mock.listUrls.at(-1)?.searchParams.get('period')).toBe('month'));
    expect(mock.listUrls.at(-1)?.searchParams.get('plantId')).toBe('2');
    await user.type(screen.getByLabelText('Search'), 'xyz');
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(mock.listUrls.at(-1)?.searchParams.get('q')).toBe('xyz');
    expect(router.state.location.search).toContain('period=month');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(names()).toHaveLength(4));
  });

  it('shows the new record when the list is opened again right after recording one', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Tomato' })];
    mockHarvests(records);
    const { user, router } = renderApp('/planning/harvest-tracking');
    await screen.findByRole('list', { name: 'Harvest records' });
    await user.click(screen.getByRole('link', { name: 'Record Harvest' }));
    const form = await screen.findByRole('form', { name: 'Record Harvest' });
    await user.selectOptions(within(form).getByLabelText('Plant'), 'Tomato');
    await user.type(within(form).getByLabelText('Notes'), 'Second picking');
    await user.click(within(form).getByRole('button', { name: 'Record Harvest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning/harvest-tracking'));
    // Within SWR's deduping interval: the list must fetch again, not wait for the old request.
    expect(await screen.findByText('Second picking')).toBeInTheDocument();
    expect(names()).toHaveLength(5);
  });

  it('shows the empty and the error states', async () => {
    signedInGardener();
    mockHarvests([]);
    const first = renderApp('/planning/harvest-tracking');
    expect(await screen.findByRole('heading', { name: 'No harvest records found' })).toBeInTheDocument();
    first.unmount();
    server.use(http.get('*/api/harvests', () => HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 })));
    renderApp('/planning/harvest-tracking');
    expect(await screen.findByRole('heading', { name: 'Failed to load harvest records' })).toBeInTheDocument();
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();
  });

  it('deletes a record after the confirmation, and offers Share surplus', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 1, name: 'Tomato', plantType: 'Vegetables' })];
    const mock = mockHarvests(records);
    const { user } = renderApp('/planning/harvest-tracking');
    await screen.findByRole('list', { name: 'Harvest records' });
    await user.click(screen.getByRole('button', { name: 'Actions for Unnamed Harvest, Jun 20, 2026' }));
    const share = await screen.findByRole('menuitem', { name: 'Share surplus' });
    const url = new URL(share.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/community/plant-sharing/new');
    expect(url.searchParams.get('listingType')).toBe('Free');
    expect(url.searchParams.get('plantName')).toBe('Unnamed Harvest');
    await user.click(screen.getByRole('menuitem', { name: 'Delete Record' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Record' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Record' }));
    await waitFor(() => expect(names()).toEqual(['Basil', 'Tomato', 'Tomato']));
    expect(mock.deleted).toEqual([3]);
    expect(await screen.findByText('Record Deleted')).toBeInTheDocument();
  });

  it('tells when a delete fails', async () => {
    signedInGardener();
    mockHarvests(records);
    server.use(http.delete('*/api/harvests/:id', () => HttpResponse.json({ message: 'Harvest record not found', code: 'not_found' }, { status: 404 })));
    const { user } = renderApp('/planning/harvest-tracking');
    await screen.findByRole('list', { name: 'Harvest records' });
    await user.click(screen.getByRole('button', { name: 'Actions for Basil, Jul 3, 2026' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Record' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Record' }));
    expect(await screen.findByText('Failed to Delete Record')).toBeInTheDocument();
    expect(names()).toHaveLength(4);
  });

  it('shows Total Harvests, Most Harvested with its figures and Recent Activity in the stats sheet', async () => {
    signedInGardener({ units: 'metric' });
    const stats: HarvestStats = {
      ...emptyStats(),
      totalHarvests: 7,
      totals: [{ kind: 'mass', unit: 'kg', amount: 5.25, records: 5 }, { kind: 'count', unit: 'items', amount: 12, records: 2 }],
      mostHarvested: { plantName: 'Tomato', records: 4, totals: [{ kind: 'mass', unit: 'kg', amount: 3.5, records: 4 }], rankedBy: 'mass', amount: 3.5, unit: 'kg' },
    };
    const mock = mockHarvests(records, stats);
    const { user } = renderApp('/planning/harvest-tracking?period=year');
    await screen.findByRole('list', { name: 'Harvest records' });
    await user.click(screen.getByRole('button', { name: 'View Stats' }));
    const sheet = await screen.findByRole('dialog', { name: 'Harvest Stats' });
    expect(await within(sheet).findByText('7')).toBeInTheDocument();
    expect(within(sheet).getByText('This year')).toBeInTheDocument();
    expect(within(sheet).getByText('5.25 kg')).toBeInTheDocument();
    expect(within(sheet).getByText('12 items')).toBeInTheDocument();
    const most = within(sheet).getByRole('heading', { name: 'Most Harvested' }).closest('section')!;
    expect(within(most).getByText('Tomato')).toBeInTheDocument();
    expect(within(most).getByText('3.5 kg · 4 harvests')).toBeInTheDocument();
    const recent = within(sheet).getByRole('heading', { name: 'Recent Activity' }).closest('section')!;
    expect(within(recent).getAllByRole('listitem')).toHaveLength(3);
    expect(mock.statsUrls.at(-1)?.searchParams.get('period')).toBe('year');
  });

  it('shows the totals in pounds to an imperial gardener (issue #25 item 4)', async () => {
    signedInGardener({ units: 'imperial' });
    const stats: HarvestStats = {
      ...emptyStats(),
      totalHarvests: 7,
      totals: [{ kind: 'mass', unit: 'kg', amount: 5.25, records: 5 }, { kind: 'count', unit: 'items', amount: 12, records: 2 }],
      mostHarvested: { plantName: 'Tomato', records: 4, totals: [{ kind: 'mass', unit: 'kg', amount: 3.5, records: 4 }], rankedBy: 'mass', amount: 3.5, unit: 'kg' },
    };
    mockHarvests(records, stats);
    const { user } = renderApp('/planning/harvest-tracking');
    await screen.findByRole('list', { name: 'Harvest records' });
    await user.click(screen.getByRole('button', { name: 'View Stats' }));
    const sheet = await screen.findByRole('dialog', { name: 'Harvest Stats' });
    expect(await within(sheet).findByText('11.57 lb')).toBeInTheDocument();
    expect(within(sheet).getByText('12 items')).toBeInTheDocument();
    expect(within(sheet).getByText('7.72 lb · 4 harvests')).toBeInTheDocument();
  });

  it('shows the calendar month with each day’s harvests, moves between months and opens a day', async () => {
    signedInGardener();
    const mock = mockHarvests(records);
    const { user } = renderApp('/planning/harvest-tracking?view=calendar&month=2026-07');
    expect(await screen.findByRole('heading', { name: 'July 2026' })).toBeInTheDocument();
    const day = await screen.findByRole('button', { name: 'Wednesday, July 1, 2026, 2 harvests' });
    expect(screen.getByRole('button', { name: 'Friday, July 3, 2026, 1 harvest' })).toBeInTheDocument();
    const monthCalls = () => mock.listUrls.filter((u) => u.searchParams.has('from'));
    expect(monthCalls().at(-1)?.searchParams.get('from')).toBe('2026-07-01');
    expect(monthCalls().at(-1)?.searchParams.get('to')).toBe('2026-07-31');
    await user.click(day);
    const dialog = await screen.findByRole('dialog', { name: 'July 1, 2026' });
    // The dialog's own title is an h2 too; the harvests are the cards' h2s.
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent)
        .filter((t) => t === 'Tomato'),
    ).toEqual(['Tomato', 'Tomato']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'June 2026' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Saturday, June 20, 2026, 1 harvest' })).toBeInTheDocument();
    expect(monthCalls().at(-1)?.searchParams.get('from')).toBe('2026-06-01');
  });

  it('shows the maintenance notice instead of the page while harvest_tracking is in maintenance', async () => {
    signedInGardener();
    mockHarvests(records);
    db.functions.push({
      id: 99,
      name: 'harvest_tracking',
      displayName: 'Harvest Tracking',
      description: '',
      maintenanceMode: true,
      maintenanceMessage: 'Weighing the crop, back soon.',
      lastMaintenanceStart: null,
      lastMaintenanceEnd: null,
    });
    renderApp('/planning/harvest-tracking/new');
    const notice = await screen.findByRole('region', { name: 'Maintenance Mode' });
    expect(within(notice).getByRole('heading', { name: 'Maintenance for: Harvest Tracking' })).toBeInTheDocument();
    expect(within(notice).getByText('Weighing the crop, back soon.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record Harvest' })).not.toBeInTheDocument();
  });

  it('loads the charts with their tab', async () => {
    signedInGardener();
    mockHarvests(records, {
      ...emptyStats(),
      period: 'year',
      range: { from: '2026-01-01', to: '2026-12-31' },
      monthly: [{ month: '2026-07', plantName: 'Tomato', kind: 'mass', unit: 'kg', amount: 2, records: 1 }],
      yearOnYear: {
        current: { from: '2026-01-01', to: '2026-12-31' },
        previous: { from: '2025-01-01', to: '2025-12-31' },
        plants: [{ plantName: 'Tomato', kind: 'mass', unit: 'kg', current: 2, previous: 1.5, currentRecords: 1, previousRecords: 1 }],
      },
    });
    const { user } = renderApp('/planning/harvest-tracking?period=year');
    await screen.findByRole('list', { name: 'Harvest records' });
    await user.click(screen.getByRole('tab', { name: 'Charts' }));
    expect(await screen.findByText('Monthly totals per plant', { exact: false }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Year on year: 2026 vs 2025', { exact: false })).toBeInTheDocument();
  });
});
