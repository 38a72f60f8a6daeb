import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
          ],
        }),
      ),
    );
    const { user } = renderApp('/settings');
    await user.upload(await screen.findByLabelText('CSV file'), sheet());
    const errors = await screen.findByRole('list', { name: 'Row errors' });
    expect(within(errors).getByText('Line 2, lastWatered: Not a date (use YYYY-MM-DD or MM/DD/YYYY)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Spreadsheet preview' })).getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
