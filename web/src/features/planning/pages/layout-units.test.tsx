import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { HttpResponse, http, server } from '@/testing/server';
import { signedInGardener } from '@/testing/session';

// Issue #25 item 4: a metric gardener sees and types metres; the layout stays in feet.
const stored = {
  id: 5,
  name: 'Back garden',
  description: '',
  width: 20,
  height: 10,
  bedCount: 1,
  username: 'gardener',
  version: 2,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  beds: [{ id: 11, name: 'Bed 1', x: 1, y: 1, width: 4, height: 8, color: null, plantings: [] }],
};

describe('layout editor in metres', () => {
  it('shows metres, keeps untouched feet exact and saves typed metres in feet', async () => {
    signedInGardener({ units: 'metric' });
    const puts: { beds: { width: number; height: number; x: number }[] }[] = [];
    server.use(
      http.get('*/api/garden-layouts/5', () => HttpResponse.json(stored)),
      http.put('*/api/garden-layouts/5/beds', async ({ request }) => {
        puts.push((await request.json()) as never);
        return HttpResponse.json({ ...stored, version: 3 });
      }),
    );
    const { user } = renderApp('/planning/garden-layouts/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Back garden' })).toBeInTheDocument();
    expect(screen.getByText('6.1 m × 3.05 m · 1 bed')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Back garden: 6.1 by 3.05 metres, 1 bed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bed 1, 1.22 by 2.44 m at 0.3, 0.3' })).toBeInTheDocument();
    expect(screen.getByLabelText('Width (m)')).toHaveValue(6.1);
    const list = screen.getByRole('list', { name: 'Beds' });
    expect(within(list).getByText('1.22 × 2.44 m')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /Bed 1/ }));
    const width = await screen.findByLabelText('Width (m)', { selector: '.pl-panel input' });
    expect(width).toHaveValue(1.22);
    // Applying the fields as shown changes nothing (4 ft stays 4 ft, not 4.0026).
    await user.type(width, '{Enter}');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    await user.clear(width);
    await user.type(width, '1.5{Enter}');
    expect(await screen.findByRole('button', { name: 'Bed 1, 1.5 by 2.44 m at 0.3, 0.3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('All changes saved');
    expect(puts[0]!.beds[0]).toMatchObject({ x: 1, width: 4.921, height: 8 });
  }, 30_000);

  it('refuses a bed smaller than half a foot in metres', async () => {
    signedInGardener({ units: 'metric' });
    server.use(http.get('*/api/garden-layouts/5', () => HttpResponse.json(stored)));
    const { user } = renderApp('/planning/garden-layouts/5');
    await user.click(within(await screen.findByRole('list', { name: 'Beds' })).getByRole('button', { name: /Bed 1/ }));
    const width = await screen.findByLabelText('Width (m)', { selector: '.pl-panel input' });
    await user.clear(width);
    await user.type(width, '0.1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('A bed must be at least 0.15 metres wide and long');
  }, 30_000);
});
