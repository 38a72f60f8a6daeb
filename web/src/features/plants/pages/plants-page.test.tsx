import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Plants' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('My Plants', () => {
  it('shows the empty state with Add Your First Plant', async () => {
    signedInGardener();
    renderApp('/plants');
    expect(await screen.findByRole('heading', { name: 'No Plants Added Yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Your First Plant' })).toBeInTheDocument();
    expect(document.title).toBe('My Plants · Garden');
  });

  it('shows cards with type, location, status, progress, next watering and light', async () => {
    signedInGardener();
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    db.plants = [
      makePlant({
        id: 7,
        name: 'Basil',
        plantType: 'Herbs',
        location: 'Kitchen window',
        status: 'needs_water',
        growthProgress: 40,
        lightNeeds: 'Full Sun',
        nextWatering: tomorrow.toISOString(),
      }),
      makePlant({ id: 8, name: 'Fern', plantType: '', location: '', status: 'odd_status', lightNeeds: '', nextWatering: null }),
    ];
    renderApp('/plants');
    const basil = (await screen.findByRole('heading', { name: 'Basil' })).closest('article')!;
    expect(within(basil).getByRole('link', { name: 'Basil' })).toHaveAttribute('href', '/plants/7');
    expect(within(basil).getByText('Herbs')).toBeInTheDocument();
    expect(within(basil).getByText('Kitchen window')).toBeInTheDocument();
    expect(within(basil).getByText('Needs Water')).toBeInTheDocument();
    expect(within(basil).getByText('40%')).toBeInTheDocument();
    expect(within(basil).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(basil).getByText('Tomorrow')).toBeInTheDocument();
    expect(within(basil).getByText('Full Sun')).toBeInTheDocument();
    const fern = screen.getByRole('heading', { name: 'Fern' }).closest('article')!;
    expect(within(fern).getByText('Herbs')).toBeInTheDocument();
    expect(within(fern).getByText('No location set')).toBeInTheDocument();
    expect(within(fern).getByText('odd_status')).toBeInTheDocument();
    expect(within(fern).getAllByText('Not set')).toHaveLength(2);
  });

  it('searches by name, species or location, filters by status, sorts, and clears', async () => {
    signedInGardener();
    db.plants = [
      makePlant({ id: 1, name: 'Basil', species: 'Ocimum', location: 'Kitchen', status: 'healthy', acquiredDate: '2026-03-01T00:00:00Z' }),
      makePlant({ id: 2, name: 'Tomato', species: 'Solanum', location: 'Balcony', status: 'needs_water', acquiredDate: '2026-01-01T00:00:00Z' }),
      makePlant({ id: 3, name: 'Aloe', species: 'Aloe vera', location: 'Bedroom', status: 'needs_care', acquiredDate: '2026-02-01T00:00:00Z' }),
    ];
    const { user } = renderApp('/plants');
    await screen.findByRole('heading', { name: 'Basil' });
    expect(cardNames()).toEqual(['Aloe', 'Basil', 'Tomato']);
    const listed = (param: string, value: string) =>
      db.requests.some((r) => r.method === 'GET' && r.path === '/api/plants' && new URLSearchParams(r.search).get(param) === value);

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name (Z-A)');
    await waitFor(() => expect(cardNames()).toEqual(['Tomato', 'Basil', 'Aloe']));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Oldest First');
    await waitFor(() => expect(cardNames()).toEqual(['Tomato', 'Aloe', 'Basil']));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Newest First');
    await waitFor(() => expect(cardNames()).toEqual(['Basil', 'Aloe', 'Tomato']));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Needs care first');
    await waitFor(() => expect(cardNames()).toEqual(['Tomato', 'Aloe', 'Basil']));
    expect(listed('sort', 'status')).toBe(true);

    await user.type(screen.getByLabelText('Search plants'), 'solan');
    await waitFor(() => expect(cardNames()).toEqual(['Tomato']));
    expect(listed('q', 'solan')).toBe(true);
    await user.clear(screen.getByLabelText('Search plants'));
    await user.type(screen.getByLabelText('Search plants'), 'bedroom');
    await waitFor(() => expect(cardNames()).toEqual(['Aloe']));
    await user.clear(screen.getByLabelText('Search plants'));
    await waitFor(() => expect(cardNames()).toHaveLength(3));

    const status = screen.getByLabelText('Status');
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Plants',
      'Healthy',
      'Needs Water',
      'Needs Care',
    ]);
    // The server filters by the status it derives: the page sends the filter and today's date.
    await user.selectOptions(status, 'Needs Water');
    await waitFor(() => expect(cardNames()).toEqual(['Tomato']));
    expect(listed('status', 'needs_water')).toBe(true);
    expect(db.requests.some((r) => r.path === '/api/plants' && new URLSearchParams(r.search).has('today'))).toBe(true);
    await user.type(screen.getByLabelText('Search plants'), 'basil');
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(screen.getByLabelText('Search plants')).toHaveValue('');
  }, 30_000);

  it('shows the limit bar and disables Add New Plant at the limit', async () => {
    signedInGardener();
    db.plants = [makePlant({ name: 'Basil' }), makePlant({ name: 'Mint' })];
    db.limit = { limit: 2, currentCount: 2, canAddPlant: false };
    renderApp('/plants');
    const bar = await screen.findByRole('region', { name: 'Plant limit' });
    expect(within(bar).getByText('2 of 2 plants')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plant limit reached' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add New Plant' })).not.toBeInTheDocument();
  });

  it('hides the limit bar when the limit is null and shows "unlimited" for 0', async () => {
    signedInGardener();
    const view = renderApp('/plants');
    await screen.findByRole('heading', { name: 'No Plants Added Yet' });
    expect(screen.queryByRole('region', { name: 'Plant limit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Plant' })).toBeEnabled();
    view.unmount();

    db.limit = { limit: 0, currentCount: 1, canAddPlant: true };
    db.plants = [makePlant({ name: 'Basil' })];
    renderApp('/plants');
    const bar = await screen.findByRole('region', { name: 'Plant limit' });
    expect(within(bar).getByText('1 plant · unlimited')).toBeInTheDocument();
  });

  it('deletes a plant from its menu after confirmation', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 5, name: 'Basil' }), makePlant({ id: 6, name: 'Mint' })];
    const { user } = renderApp('/plants');
    await screen.findByRole('heading', { name: 'Basil' });
    await user.click(screen.getByRole('button', { name: 'Actions for Basil' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Plant' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(
      within(confirm).getByText('This will permanently delete Basil and all associated journal entries and care tasks.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete Plant' }));
    expect(await screen.findByText('Plant deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Basil' })).not.toBeInTheDocument());
    await waitFor(() => expect(cardNames()).toEqual(['Mint']));
  });

  it('edits a plant from its card menu', async () => {
    signedInGardener();
    const dated = { lastWatered: '2026-11-01T10:00:00Z', lastFertilized: '2026-11-01T10:00:00Z' };
    db.plants = [makePlant({ id: 5, name: 'Basil', location: 'Kitchen', ...dated })];
    const { user } = renderApp('/plants');
    await user.click(await screen.findByRole('button', { name: 'Actions for Basil' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Plant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plant' });
    await user.clear(within(dialog).getByLabelText('Location'));
    await user.type(within(dialog).getByLabelText('Location'), 'Balcony');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Plant updated')).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Basil' })).closest('article')!;
    expect(await within(card).findByText('Balcony')).toBeInTheDocument();
  }, 30_000);

  it('reports a failed delete with the server message', async () => {
    signedInGardener();
    db.plants = [makePlant({ id: 5, name: 'Basil' })];
    server.use(http.delete('*/api/plants/:id', () => HttpResponse.json({ message: 'Database is busy' }, { status: 503 })));
    const { user } = renderApp('/plants');
    await user.click(await screen.findByRole('button', { name: 'Actions for Basil' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Plant' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Plant' }));
    expect(await screen.findByText('Failed to delete plant')).toBeInTheDocument();
    expect(screen.getByText('Database is busy')).toBeInTheDocument();
  });

  it('adds a plant from the dialog and shows it in the list', async () => {
    signedInGardener();
    const { user } = renderApp('/plants');
    await user.click(await screen.findByRole('button', { name: 'Add New Plant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Plant' });
    await user.type(within(dialog).getByLabelText('Plant name'), 'Rosemary');
    await user.click(within(dialog).getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByText('Plant added')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Rosemary' })).toBeInTheDocument();
  });
});
