import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const unitsPatches = () => db.requests.filter((r) => r.method === 'PATCH' && r.path === '/api/user/settings' && 'units' in (r.body as object));
const storedUser = () => JSON.parse(window.localStorage.getItem('user') ?? '{}') as { units?: string | null };

describe('the Units card', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts on Automatic, naming the system the language gives', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    signedInGardener({ language: 'en', units: null });
    renderApp('/settings');
    const auto = await screen.findByRole('radio', { name: /Automatic/ });
    expect(auto).toBeChecked();
    expect(screen.getByText('Imperial, from your language')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Units' })).toBeInTheDocument();
  });

  it('names metric for a gardener whose locale is metric', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    signedInGardener({ language: 'en', units: null });
    renderApp('/settings');
    expect(await screen.findByText('Metric, from your language')).toBeInTheDocument();
  });

  it('saves a choice for the account and hands it to the session at once', async () => {
    signedInGardener({ language: 'en', units: null });
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('radio', { name: /^Metric/ }));
    await waitFor(() => expect(unitsPatches().map((r) => r.body)).toEqual([{ units: 'metric' }]));
    expect(screen.getByRole('radio', { name: /^Metric/ })).toBeChecked();
    await waitFor(() => expect(storedUser().units).toBe('metric'));
    await user.click(screen.getByRole('radio', { name: /Automatic/ }));
    await waitFor(() => expect(unitsPatches().map((r) => r.body)).toEqual([{ units: 'metric' }, { units: null }]));
    await waitFor(() => expect(storedUser().units).toBeNull());
  });

  it('shows a saved choice and puts it back when the server refuses a change (in the gardener\'s German)', async () => {
    signedInGardener({ language: 'de', units: 'imperial' });
    const { user } = renderApp('/settings');
    const imperial = await screen.findByRole('radio', { name: /^Imperial/ });
    expect(imperial).toBeChecked();
    server.use(
      http.patch('*/api/user/settings', () =>
        HttpResponse.json({ message: 'Units must be metric or imperial', code: 'invalid', errors: { units: 'Units must be metric or imperial' } }, { status: 400 }),
      ),
    );
    await user.click(await screen.findByRole('radio', { name: /^Metrisch/ }));
    expect(await screen.findByText('Maßeinheiten nicht gespeichert')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Imperial/ })).toBeChecked();
  });
});
