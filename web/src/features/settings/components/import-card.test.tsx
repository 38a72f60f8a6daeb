import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const backup = () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'hf_backup.zip', { type: 'application/zip' });

describe('Settings › Import', () => {
  it('previews a HortusFox backup, then imports it and links to the plants', async () => {
    signedInGardener();
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/import/hortusfox')) sent.push(new URL(request.url).search);
    });
    const { user } = renderApp('/settings');
    await user.upload(await screen.findByLabelText('HortusFox backup (.zip)'), backup());
    const preview = await screen.findByRole('region', { name: 'Import preview' });
    expect(within(preview).getByText(/holds 2 plants, 1 journal entry, 1 care task and 3 photos to import/)).toBeInTheDocument();
    expect(within(preview).getByText(/Watering can/)).toBeInTheDocument();
    expect(within(preview).getByText(/\(inventory item\): Garden has no inventory/)).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 2 plants, 1 journal entry, 1 care task and 3 photos.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your plants' })).toHaveAttribute('href', '/plants');
    expect(sent).toEqual(['?dryRun=true', '']);
    server.events.removeAllListeners();
  });

  it('shows why a backup is refused and imports nothing', async () => {
    signedInGardener();
    server.use(
      http.post('*/api/import/hortusfox', () =>
        HttpResponse.json({ message: 'This zip is not a HortusFox backup: it has no plants/data.json. Nothing was imported.', code: 'invalid' }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/settings');
    await user.upload(await screen.findByLabelText('HortusFox backup (.zip)'), backup());
    expect(await screen.findByText('This zip is not a HortusFox backup: it has no plants/data.json. Nothing was imported.')).toBeInTheDocument();
    expect(screen.getByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.getByLabelText('HortusFox backup (.zip)')).toBeInTheDocument();
  });

  it('will not import a backup whose plants do not all fit the plant limit', async () => {
    signedInGardener();
    server.use(
      http.post('*/api/import/hortusfox', () =>
        HttpResponse.json({
          dryRun: true, plants: 5, journalEntries: 0, tasks: 0, photos: 0, alreadyImported: 0, leftOut: [], warnings: [],
          plantLimit: 10, currentPlants: 8, fits: 2, fitsAll: false,
        }),
      ),
    );
    const { user } = renderApp('/settings');
    await user.upload(await screen.findByLabelText('HortusFox backup (.zip)'), backup());
    expect(await screen.findByText(/Only 2 of the 5 new plants fit/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
