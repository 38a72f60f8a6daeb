import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const zonePatches = () =>
  db.requests.filter((r) => r.method === 'PATCH' && r.path === '/api/user/settings' && 'timeZone' in (r.body as object));

describe('the gardener’s time zone', () => {
  it('sends the browser’s zone once on the first sign-in when none is set', async () => {
    signedInGardener({ timeZone: '' });
    renderApp('/');
    await waitFor(() => expect(zonePatches()).toHaveLength(1));
    expect(zonePatches()[0]!.body).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    await screen.findByRole('heading', { level: 1, name: 'Your Garden Dashboard' });
    expect(zonePatches()).toHaveLength(1);
  });

  it('leaves a zone the gardener chose alone', async () => {
    signedInGardener({ timeZone: 'Pacific/Auckland' });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Your Garden Dashboard' });
    expect(zonePatches()).toHaveLength(0);
  });

  it('changes in Settings, and shows the server’s refusal', async () => {
    signedInGardener({ timeZone: 'Europe/Paris' });
    const { user } = renderApp('/settings');
    const select = await screen.findByLabelText('Time zone');
    expect(select).toHaveValue('Europe/Paris');
    await user.selectOptions(select, 'America/New_York');
    await waitFor(() => expect(zonePatches().map((r) => r.body)).toEqual([{ timeZone: 'America/New_York' }]));
    expect(await screen.findByText('Your day now follows America/New_York.')).toBeInTheDocument();

    server.use(
      http.patch('*/api/user/settings', () =>
        HttpResponse.json(
          { message: 'Time zone must be an IANA name such as Europe/Paris', code: 'invalid', errors: { timeZone: 'Time zone must be an IANA name such as Europe/Paris' } },
          { status: 400 },
        ),
      ),
    );
    await user.selectOptions(select, 'Asia/Tokyo');
    expect(await screen.findByText(/Time zone must be an IANA name/)).toBeInTheDocument();
    expect(select).toHaveValue('America/New_York');
  });

  it('sets the care reminder hour in the gardener’s zone, and back to the usual hour', async () => {
    signedInGardener({ timeZone: 'Europe/Berlin', reminderHour: null });
    const hourPatches = () =>
      db.requests.filter((r) => r.method === 'PATCH' && r.path === '/api/user/settings' && 'reminderHour' in (r.body as object));
    const { user } = renderApp('/settings');
    const select = await screen.findByLabelText('Care reminder hour');
    expect(select).toHaveValue('');
    await user.selectOptions(select, '06:00');
    await waitFor(() => expect(hourPatches().map((r) => r.body)).toEqual([{ reminderHour: 6 }]));
    expect(await screen.findByText('Your care reminder comes at 06:00 your time.')).toBeInTheDocument();
    await user.selectOptions(select, 'The usual hour (the server’s default)');
    await waitFor(() => expect(hourPatches().map((r) => r.body)).toEqual([{ reminderHour: 6 }, { reminderHour: null }]));
  });
});
