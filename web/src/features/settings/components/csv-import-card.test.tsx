import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const sheet = () => new File(['Plant,Room,Watered\nRosemary,Kitchen,2026-03-28\n'], 'plants.csv', { type: 'text/csv' });

describe('Settings › Import a spreadsheet', () => {
  it('shows the guessed mapping, lets a column be chosen, then imports', async () => {
    signedInGardener();
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/import/csv')) sent.push(new URL(request.url).search);
    });
    const { user } = renderApp('/settings');
    await user.upload(await screen.findByLabelText('CSV file'), sheet());
    const preview = await screen.findByRole('region', { name: 'Spreadsheet preview' });
    expect(within(preview).getByLabelText('Name *')).toHaveValue('Plant');
    expect(within(preview).getByLabelText('Last watered')).toHaveValue('');
    await user.selectOptions(within(preview).getByLabelText('Last watered'), 'Watered');
    expect(await within(preview).findByDisplayValue('Watered')).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 1 row.')).toBeInTheDocument();
    expect(sent.at(-1)).toContain('map=lastWatered%3AWatered');
    expect(sent.at(-1)).not.toContain('dryRun');
    server.events.removeAllListeners();
  });

  it('lists each row’s errors and will not import', async () => {
    signedInGardener();
    server.use(
      http.post('*/api/import/csv', () =>
        HttpResponse.json({
          dryRun: true, headers: ['Plant', 'Watered'], mapping: { name: 'Plant', lastWatered: 'Watered' }, preview: [['X', 'soon']],
          rows: 1, imported: 0,
          errors: [
            { row: 2, field: 'lastWatered', message: 'Not a date (use YYYY-MM-DD or MM/DD/YYYY)' },
            { row: 2, field: 'plant', message: 'Plant name must be at least 2 characters' },
            { row: 3, field: 'entry', message: 'Title is required' },
          ],
        }),
      ),
    );
    const { user } = renderApp('/settings');
    await user.upload(await screen.findByLabelText('CSV file'), sheet());
    const errors = await screen.findByRole('list', { name: 'Row errors' });
    expect(within(errors).getByText('Line 2, Last watered: Not a date (use YYYY-MM-DD or MM/DD/YYYY)')).toBeInTheDocument();
    // Fields are named as the mapping names them, not by the API's field names.
    expect(within(errors).getByText('Line 2, Plant: Plant name must be at least 2 characters')).toBeInTheDocument();
    expect(within(errors).getByText('Line 3, Journal entry: Title is required')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Spreadsheet preview' })).getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('imports care events: the kind is sent, its fields are mapped and its rules are shown', async () => {
    signedInGardener();
    const sent: string[] = [];
    server.use(
      http.post('*/api/import/csv', ({ request }) => {
        const q = new URL(request.url).searchParams;
        sent.push(q.toString());
        return HttpResponse.json({
          dryRun: q.get('dryRun') === 'true', headers: ['Plant', 'Care', 'When', 'Note'],
          mapping: { plant: 'Plant', kind: 'Care', date: 'When', note: 'Note' }, preview: [['Rosemary', 'water', '2026-03-28', '']],
          rows: 1, imported: 1, errors: [],
        });
      }),
    );
    const { user } = renderApp('/settings');
    await user.selectOptions(await screen.findByLabelText('What the file holds'), 'care');
    await user.upload(screen.getByLabelText('CSV file'), new File(['Plant,Care,When,Note\nRosemary,water,2026-03-28,\n'], 'care.csv', { type: 'text/csv' }));
    const preview = await screen.findByRole('region', { name: 'Spreadsheet preview' });
    expect(within(preview).getByLabelText('Care *')).toHaveValue('Care');
    expect(within(preview).getByLabelText('Date *')).toHaveValue('When');
    expect(within(preview).getByText(/Care is one of water, fertilize/)).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 1 row.')).toBeInTheDocument();
    expect(sent[0]).toContain('kind=care');
    expect(sent.at(-1)).toContain('kind=care');
    expect(sent.at(-1)).not.toContain('dryRun');
  });

  it('offers harvests with their own template', async () => {
    signedInGardener();
    const asked: string[] = [];
    server.use(
      http.get('*/api/import/csv-template', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('kind') ?? '');
        return new HttpResponse('plant,harvestDate,quantity,unit,notes\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const { user } = renderApp('/settings');
    await user.selectOptions(await screen.findByLabelText('What the file holds'), 'harvests');
    await user.click(screen.getByRole('button', { name: 'Download the template' }));
    await vi.waitFor(() => expect(asked).toEqual(['harvests']));
  });
});
