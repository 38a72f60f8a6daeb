import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeDbItem, makeRemotePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp, renderWithSession } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { AdminPlantDatabasePage } from './admin-plant-database-page';

const admin = () => signedInGardener({ role: 'admin', username: 'ann' });
const posts = (path: string) => db.requests.filter((r) => r.method === 'POST' && r.path === path);
const remoteRows = () => within(screen.getByRole('table', { name: 'Remote plants' })).getAllByRole('row').slice(1);

describe('Plant database administration: tabs', () => {
  it('opens the list by default and keeps the chosen tab in ?tab=', async () => {
    admin();
    const { user, router } = renderApp('/admin/plant-database');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plant Database Administration' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Administration section' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Plant List',
      'Ecommerce Import',
      'Import Schedule',
    ]);
    expect(within(tabs).getByRole('tab', { name: 'Plant List' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(tabs).getByRole('tab', { name: 'Ecommerce Import' }));
    expect(router.state.location.search).toBe('?tab=ecommerce');
    expect(await screen.findByRole('heading', { name: 'No plants found' })).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Import Schedule' }));
    expect(router.state.location.search).toBe('?tab=schedule');
    expect(await screen.findByRole('heading', { name: 'No Import History' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Administration section' }), 'Plant List');
    expect(router.state.location.search).toBe('?tab=list');
    expect(await screen.findByRole('heading', { name: 'The plant database is empty' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?tab=schedule');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Import Schedule' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('presets the tab from the URL; /admin/ecommerce opens the Ecommerce Import tab', async () => {
    admin();
    const { router } = renderApp('/admin/ecommerce');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/plant-database'));
    expect(router.state.location.search).toBe('?tab=ecommerce');
    expect(await screen.findByRole('tab', { name: 'Ecommerce Import' })).toHaveAttribute('aria-selected', 'true');
  });

  it('the navigation entries land on the page', async () => {
    admin();
    const { user, router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const group = within(nav).getByRole('region', { name: 'Administration' });
    await user.click(within(group).getByRole('link', { name: 'Ecommerce' }));
    expect(await screen.findByRole('tab', { name: 'Ecommerce Import' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(group).getByRole('link', { name: 'Plant Database' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('tab', { name: 'Plant List' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(nav).getAllByRole('link', { name: 'Plant Database' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Plant Database' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plant-database');
  });

  it('without a stored token it says Authentication Required and goes home', async () => {
    const { router } = renderWithSession(<AdminPlantDatabasePage />, '/admin/plant-database', [
      { path: '/', element: <p>Home page</p> },
    ]);
    expect(await screen.findAllByText('Authentication Required')).not.toHaveLength(0);
    expect(screen.getAllByText('Please log in to access this page.').length).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('users see Access Denied', async () => {
    signedInGardener({ role: 'user' });
    renderApp('/admin/plant-database?tab=ecommerce');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(db.requests.some((r) => r.path.startsWith('/api/ecommerce'))).toBe(false);
  });
});

describe('Plant database administration: list', () => {
  it('lists ID, Name, Scientific Name, Type, Source and actions, with search', async () => {
    admin();
    db.database = [
      makeDbItem({ id: 3, commonName: 'Basil', scientificName: 'Ocimum basilicum', plantType: 'Herbs', source: 'import' }),
      makeDbItem({ id: 9, commonName: 'Carrot', scientificName: 'Daucus carota', plantType: 'Vegetables', source: 'manual' }),
    ];
    const { user } = renderApp('/admin/plant-database?tab=list');
    const table = await screen.findByRole('table', { name: 'Plant database items' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'ID',
      'Name',
      'Scientific Name',
      'Type',
      'Source',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 5).map((c) => c.textContent))).toEqual([
      ['3', 'Basil', 'Ocimum basilicum', 'Herbs', 'Imported'],
      ['9', 'Carrot', 'Daucus carota', 'Vegetables', 'Manual'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Edit Basil' })).toHaveAttribute('href', '/admin/plants/3');
    expect(screen.getByRole('link', { name: 'Add Plant' })).toHaveAttribute('href', '/admin/plants/new');
    await user.type(screen.getByLabelText('Search plants'), 'daucus');
    // The server searches: one page of 50 for the words.
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Plant database items' })).getAllByRole('row')).toHaveLength(2));
    expect(db.requests.filter((r) => r.path === '/api/plant-database').map((r) => r.search)).toEqual(['?limit=50', '?q=daucus&limit=50']);
    await user.clear(screen.getByLabelText('Search plants'));
    await user.type(screen.getByLabelText('Search plants'), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
  });

  it('pages the list: 50 rows, then Load more', async () => {
    admin();
    db.database = Array.from({ length: 60 }, (_, i) => makeDbItem({ id: i + 1, commonName: `Species ${String(i + 1).padStart(2, '0')}` }));
    const { user } = renderApp('/admin/plant-database?tab=list');
    const table = await screen.findByRole('table', { name: 'Plant database items' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Plant database items' })).getAllByRole('row')).toHaveLength(61));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('deletes after the confirmation, with the success toast', async () => {
    admin();
    db.database = [makeDbItem({ id: 3, commonName: 'Basil' }), makeDbItem({ id: 4, commonName: 'Dill' })];
    const { user } = renderApp('/admin/plant-database');
    await user.click(await screen.findByRole('button', { name: 'Delete Basil' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete Basil from the plant database?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(db.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Basil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Plant database item deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Basil' })).not.toBeInTheDocument());
    expect(db.database.map((i) => i.commonName)).toEqual(['Dill']);
  });

  it('reports a failed delete with the server message', async () => {
    admin();
    db.database = [makeDbItem({ id: 3, commonName: 'Basil' })];
    server.use(
      http.delete('*/api/plant-database/:id', () =>
        HttpResponse.json({ message: 'You need admin privileges to access this page.' }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/admin/plant-database');
    await user.click(await screen.findByRole('button', { name: 'Delete Basil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete plant database item: You need admin privileges to access this page.'),
    ).toBeInTheDocument();
  });
});

describe('Plant database administration: Ecommerce Import', () => {
  it('lists the remote plants 10 at a time; changing the page size goes back to page 1', async () => {
    admin();
    db.remotePlants = Array.from({ length: 25 }, (_, i) =>
      makeRemotePlant({ commonName: `Plant ${String(i + 1).padStart(2, '0')}`, scientificName: `Species ${i + 1}` }),
    );
    const { user } = renderApp('/admin/plant-database?tab=ecommerce');
    await screen.findByRole('table', { name: 'Remote plants' });
    const headers = within(screen.getByRole('table', { name: 'Remote plants' })).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Common Name', 'Scientific Name', 'Type', 'Store']);
    expect(remoteRows()).toHaveLength(10);
    expect(within(remoteRows()[0]!).getByRole('link', { name: /View in store/ })).toHaveAttribute('target', '_blank');
    const size = screen.getByLabelText('Rows per page');
    expect(size).toHaveValue('10');
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '50', '100', 'All']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('21–25 of 25 · Page 3 of 3')).toBeInTheDocument();
    expect(remoteRows()[0]).toHaveTextContent('Plant 21');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.selectOptions(size, '20');
    expect(screen.getByText('1–20 of 25 · Page 1 of 2')).toBeInTheDocument();
    expect(remoteRows()[0]).toHaveTextContent('Plant 01');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('21–25 of 25 · Page 2 of 2')).toBeInTheDocument();

    await user.selectOptions(size, 'All');
    expect(size).toHaveValue('1000');
    expect(screen.getByText('1–25 of 25 · Page 1 of 1')).toBeInTheDocument();
    expect(remoteRows()).toHaveLength(25);
  });

  it('shows "No plants found" and disables the import when the store has none', async () => {
    admin();
    renderApp('/admin/plant-database?tab=ecommerce');
    expect(await screen.findByRole('heading', { name: 'No plants found' })).toBeInTheDocument();
    expect(screen.getByText('Please check your connection settings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Import' })).toBeDisabled();
  });

  it('says how to configure a seed store when none is (issue 27)', async () => {
    admin();
    server.use(
      http.get('*/api/ecommerce/plants', () =>
        HttpResponse.json(
          {
            message: "No seed store is configured: set GARDEN_CATALOGUE_URL to the store's address",
            code: 'invalid',
            errors: { catalogueUrl: "No seed store is configured: set GARDEN_CATALOGUE_URL to the store's address" },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp('/admin/plant-database?tab=ecommerce');
    const alert = (await screen.findByText('No seed store is configured')).closest('[role="alert"], [role="status"], .alert') as HTMLElement;
    expect(alert).toHaveTextContent('GARDEN_CATALOGUE_URL');
    expect(alert).toHaveTextContent('restart gardenctl serve');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Import' })).toBeDisabled();
  });

  it('shows why the store could not be read', async () => {
    admin();
    server.use(
      http.get('*/api/ecommerce/plants', () =>
        HttpResponse.json(
          { message: 'No seed store is configured: set GARDEN_CATALOGUE_URL to the store\'s address', code: 'invalid' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/admin/plant-database?tab=ecommerce');
    expect(await screen.findByText(/No seed store is configured/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Import' })).toBeDisabled();
  });

  it('lists the store products that could not be read', async () => {
    admin();
    db.remotePlants = [makeRemotePlant({ commonName: 'Basil' })];
    db.remoteFailures = [{ name: 'Mystery Herb Mix (PP)', url: 'https://seeds.example/x', message: 'the product has no handle' }];
    renderApp('/admin/plant-database?tab=ecommerce');
    const failures = await screen.findByRole('list', { name: 'Store failures' });
    expect(failures).toHaveTextContent('Mystery Herb Mix (PP)');
    expect(failures).toHaveTextContent('the product has no handle');
  });

  it('runs the import: Importing... with a progress bar polled from the status, then the results panel', async () => {
    admin();
    db.remotePlants = [makeRemotePlant({ commonName: 'Basil' }), makeRemotePlant({ commonName: 'Dill' })];
    db.importResult = {
      results: {
        count: { added: 1, updated: 1, failed: 1, unchanged: 4, skipped: 2 },
        details: [
          { name: 'Mystery Herb Mix (PP)', status: 'failed', message: 'the product has no handle' },
          { name: 'Basil', status: 'added', message: 'Added to the plant database' },
          { name: 'Dill', status: 'updated', message: 'Updated' },
        ],
        message: '1 added, 1 updated, 4 unchanged, 2 skipped, 1 failed',
      },
    };
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let polls = 0;
    server.use(
      http.post('*/api/ecommerce/import-plants', async () => {
        await gate;
        return HttpResponse.json(db.importResult);
      }),
      http.get('*/api/ecommerce/import-status', () => {
        polls += 1;
        return HttpResponse.json({ running: true, done: polls > 1 ? 1 : 0, total: polls > 1 ? 2 : 0 });
      }),
    );
    const { user } = renderApp('/admin/plant-database?tab=ecommerce');
    await screen.findByRole('table', { name: 'Remote plants' });
    await user.click(screen.getByRole('button', { name: 'Run Import' }));
    expect(await screen.findByRole('button', { name: 'Importing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear All Plants' })).toBeDisabled();
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'), { timeout: 3000 });
    expect(screen.getByText('Importing plants: 1 of 2')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Import Successful')).toBeInTheDocument();
    expect(screen.getByText('1 added, 1 updated, 1 failed')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Import Results' });
    const counts = within(panel)
      .getAllByRole('term')
      .map((t) => `${t.textContent} ${t.nextElementSibling?.textContent}`);
    expect(counts).toEqual(['Added 1', 'Updated 1', 'Failed 1', 'Unchanged 4', 'Skipped 2']);
    const details = within(within(panel).getByRole('list', { name: 'Import details' })).getAllByRole('listitem');
    expect(details[0]).toHaveTextContent('Mystery Herb Mix (PP)');
    expect(details[0]).toHaveTextContent('Failed');
    expect(details[0]).toHaveTextContent('the product has no handle');
    expect(details[1]).toHaveTextContent('BasilAdded');
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run Import' })).toBeEnabled();
    const before = polls;
    await new Promise((r) => setTimeout(r, 700));
    expect(polls).toBe(before);
  });

  it('keeps the results when switching tabs and back', async () => {
    admin();
    db.remotePlants = [makeRemotePlant({ commonName: 'Basil' })];
    const { user } = renderApp('/admin/plant-database?tab=ecommerce');
    await screen.findByRole('table', { name: 'Remote plants' });
    await user.click(screen.getByRole('button', { name: 'Run Import' }));
    await screen.findByRole('region', { name: 'Import Results' });
    await user.click(screen.getByRole('tab', { name: 'Plant List' }));
    await user.click(screen.getByRole('tab', { name: 'Ecommerce Import' }));
    expect(await screen.findByRole('region', { name: 'Import Results' })).toBeInTheDocument();
  });

  it('shows Import Failed with the server message', async () => {
    admin();
    db.remotePlants = [makeRemotePlant({ commonName: 'Basil' })];
    server.use(
      http.post('*/api/ecommerce/import-plants', () =>
        HttpResponse.json({ message: 'An import is already running', code: 'conflict' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/admin/plant-database?tab=ecommerce');
    await screen.findByRole('table', { name: 'Remote plants' });
    await user.click(screen.getByRole('button', { name: 'Run Import' }));
    expect(await screen.findByText('Import Failed')).toBeInTheDocument();
    expect(screen.getByText('An import is already running')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Import Results' })).not.toBeInTheDocument();
  });

  it('asks the exact browser confirmations before clearing; cancelling sends nothing', async () => {
    admin();
    db.remotePlants = [makeRemotePlant({ commonName: 'Basil' })];
    db.database = [
      makeDbItem({ commonName: 'Basil', source: 'import' }),
      makeDbItem({ commonName: 'Dill', source: 'import' }),
      makeDbItem({ commonName: 'Mine', source: 'manual' }),
    ];
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderApp('/admin/plant-database?tab=ecommerce');
    await screen.findByRole('table', { name: 'Remote plants' });

    await user.click(screen.getByRole('button', { name: 'Clear Imported Plants' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Are you sure you want to clear only IMPORTED plants from the database? Manually added plants will be preserved.',
    );
    await user.click(screen.getByRole('button', { name: 'Clear All Plants' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to clear ALL plants from the database? This action cannot be undone.');
    expect(posts('/api/plant-database/clear')).toHaveLength(0);
    expect(posts('/api/plant-database/clear-imported')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Clear Imported Plants' }));
    expect(await screen.findByText('Imported Plants Cleared')).toBeInTheDocument();
    expect(posts('/api/plant-database/clear-imported')).toHaveLength(1);
    expect(db.database.map((i) => i.commonName)).toEqual(['Mine']);

    await user.click(screen.getByRole('button', { name: 'Clear All Plants' }));
    expect(await screen.findByText('Database Cleared')).toBeInTheDocument();
    expect(posts('/api/plant-database/clear')).toHaveLength(1);
    expect(db.database).toEqual([]);
  });

  it('shows Clearing... while a clear runs and Clear Failed when it fails', async () => {
    admin();
    db.remotePlants = [makeRemotePlant({ commonName: 'Basil' })];
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/plant-database/clear', async () => {
        await gate;
        return HttpResponse.json({ message: 'Database is locked' }, { status: 503 });
      }),
    );
    const { user } = renderApp('/admin/plant-database?tab=ecommerce');
    await screen.findByRole('table', { name: 'Remote plants' });
    await user.click(screen.getByRole('button', { name: 'Clear All Plants' }));
    expect(await screen.findByRole('button', { name: 'Clearing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run Import' })).toBeDisabled();
    release();
    expect(await screen.findByText('Clear Failed')).toBeInTheDocument();
    expect(screen.getByText('Database is locked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear All Plants' })).toBeEnabled();
  });

  it('a clear empties the results panel', async () => {
    admin();
    db.remotePlants = [makeRemotePlant({ commonName: 'Basil' })];
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp('/admin/plant-database?tab=ecommerce');
    await screen.findByRole('table', { name: 'Remote plants' });
    await user.click(screen.getByRole('button', { name: 'Run Import' }));
    await screen.findByRole('region', { name: 'Import Results' });
    await user.click(screen.getByRole('button', { name: 'Clear All Plants' }));
    await screen.findByText('Database Cleared');
    expect(screen.queryByRole('region', { name: 'Import Results' })).not.toBeInTheDocument();
  });
});

describe('Plant database administration: Import Schedule', () => {
  it('shows the state, time, last and next run in "MMM d, yyyy, h:mm a", and the history', async () => {
    admin();
    db.schedule = {
      enabled: true,
      cronTime: '0 30 1 * * *',
      time: '01:30',
      lastRun: '2026-11-21T09:05:00',
      nextRun: '2026-11-22T01:30:00',
    };
    db.history = [
      {
        id: 2,
        date: '2026-11-21T09:05:00',
        success: false,
        count: { added: 0, updated: 0, failed: 0 },
        message: 'The store did not answer',
        trigger: 'schedule',
        finishedAt: '2026-11-21T09:05:30',
        running: false,
      },
      {
        id: 1,
        date: '2026-11-20T14:00:00',
        success: true,
        count: { added: 37, updated: 0, failed: 1 },
        message: '37 added, 1 failed',
        trigger: 'manual',
        finishedAt: '2026-11-20T14:01:00',
        running: false,
      },
    ];
    renderApp('/admin/plant-database?tab=schedule');
    const card = await screen.findByRole('region', { name: 'Import Schedule' });
    await within(card).findByText('Enabled');
    expect(within(card).getByText('01:30')).toBeInTheDocument();
    expect(within(card).getByText('Nov 21, 2026, 9:05 AM')).toBeInTheDocument();
    expect(within(card).getByText('Nov 22, 2026, 1:30 AM')).toBeInTheDocument();
    expect(within(card).getByLabelText('Daily import time')).toHaveValue('01:30');
    const table = await screen.findByRole('table', { name: 'Import history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Nov 21, 2026, 9:05 AMFailed000ScheduledThe store did not answer');
    expect(rows[1]).toHaveTextContent('Nov 20, 2026, 2:00 PMSuccess3701Manual37 added, 1 failed');
  });

  it('enables and disables the schedule', async () => {
    admin();
    const { user } = renderApp('/admin/plant-database?tab=schedule');
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('The import schedule has been updated successfully.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enable' })).toBeInTheDocument();
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(posts('/api/ecommerce/update-schedule').map((r) => r.body)).toEqual([{ enabled: false }]);
  });

  it('changes the daily time on its own, checking HH:MM first', async () => {
    admin();
    const { user } = renderApp('/admin/plant-database?tab=schedule');
    const input = await screen.findByLabelText('Daily import time');
    await user.clear(input);
    await user.type(input, '25:00');
    await user.click(screen.getByRole('button', { name: 'Save Time' }));
    expect(screen.getByText('Time must be HH:MM in 24-hour form, for example 01:30')).toBeInTheDocument();
    expect(posts('/api/ecommerce/update-schedule')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '6:45');
    await user.click(screen.getByRole('button', { name: 'Save Time' }));
    expect(await screen.findByText('The import schedule has been updated successfully.')).toBeInTheDocument();
    expect(posts('/api/ecommerce/update-schedule').map((r) => r.body)).toEqual([{ time: '06:45' }]);
    const card = screen.getByRole('region', { name: 'Import Schedule' });
    expect(await within(card).findByText('06:45')).toBeInTheDocument();
    expect(screen.getByLabelText('Daily import time')).toHaveValue('06:45');
  });

  it('shows the server 400 message under the time and the failure toast', async () => {
    admin();
    server.use(
      http.post('*/api/ecommerce/update-schedule', () =>
        HttpResponse.json({ message: 'Time must be HH:MM in 24-hour form, for example 01:30', code: 'invalid' }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/admin/plant-database?tab=schedule');
    const input = await screen.findByLabelText('Daily import time');
    await user.clear(input);
    await user.type(input, '07:00');
    await user.click(screen.getByRole('button', { name: 'Save Time' }));
    expect(await screen.findByText('Failed to Update Schedule')).toBeInTheDocument();
    expect(screen.getAllByText('Time must be HH:MM in 24-hour form, for example 01:30')).toHaveLength(2);
  });

  it('says when the schedule cannot be loaded', async () => {
    admin();
    server.use(http.get('*/api/ecommerce/schedule', () => HttpResponse.text('down', { status: 500 })));
    renderApp('/admin/plant-database?tab=schedule');
    expect(await screen.findByRole('heading', { name: 'Could not load schedule information.' })).toBeInTheDocument();
  });

  it('defaults the time to 01:30 when the schedule names none', async () => {
    admin();
    db.schedule = { enabled: false, cronTime: '', time: '', lastRun: null, nextRun: null };
    renderApp('/admin/plant-database?tab=schedule');
    expect(await screen.findByLabelText('Daily import time')).toHaveValue('01:30');
    const card = screen.getByRole('region', { name: 'Import Schedule' });
    expect(within(card).getByText('Never')).toBeInTheDocument();
    expect(within(card).getByText('Not scheduled')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });
});

