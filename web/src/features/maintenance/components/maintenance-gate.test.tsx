import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Site } from '@/api/types';
import { pageNavigation } from '@/lib/navigation';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { MAINTENANCE_POLL_MS } from '../api/get-maintenance-status';
import { BYPASS_KEY } from './bypass';
import { makeSite } from '@/testing/fixtures';

const statusReads = () => db.requests.filter((r) => r.method === 'GET' && r.path === '/api/maintenance/status').length;

function putInMaintenance(name: string, message: string) {
  const fn = db.functions.find((f) => f.name === name)!;
  fn.maintenanceMode = true;
  fn.maintenanceMessage = message;
}

function siteInMaintenance(message = 'Riverside is closed for the day'): Site {
  const site: Site = makeSite({ id: 7, name: 'Riverside', status: 'active', userLimit: 0, plantLimit: 0, maintenanceMode: true, maintenanceMessage: message });
  db.sites.push(site);
  return site;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('maintenance notice in the app shell', () => {
  it('shows a user the function notice on a gated page, with Refresh Page', async () => {
    signedInGardener();
    putInMaintenance('community_forum', 'The forum is being upgraded.');
    const { user } = renderApp('/community/forum');
    const notice = await screen.findByRole('region', { name: 'Maintenance Mode' });
    expect(within(notice).getByRole('heading', { level: 1, name: 'Maintenance Mode' })).toBeInTheDocument();
    expect(within(notice).getByText("We're currently performing maintenance. Please check back soon.")).toBeInTheDocument();
    expect(within(notice).getByRole('heading', { name: 'Maintenance for: Community Forum' })).toBeInTheDocument();
    expect(within(notice).getByText('The forum is being upgraded.')).toBeInTheDocument();
    expect(within(notice).queryByRole('button', { name: 'Continue Anyway' })).not.toBeInTheDocument();
    expect(within(notice).queryByText('Administrator notice')).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Refresh Page' }));
    expect(pageNavigation.reload).toHaveBeenCalled();
    // The navigation stays usable.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('leaves other pages alone while one function is in maintenance', async () => {
    signedInGardener();
    putInMaintenance('community_forum', 'The forum is being upgraded.');
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Your Garden Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Maintenance Mode' })).not.toBeInTheDocument();
  });

  it('does not stop a superadmin with a function notice', async () => {
    signedInGardener({ role: 'superadmin', username: 'admin' });
    putInMaintenance('site_wide', 'Everything is paused.');
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Your Garden Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Maintenance Mode' })).not.toBeInTheDocument();
  });

  it('shows the site-wide notice to the users of a site in maintenance', async () => {
    signedInGardener({ siteId: 7 });
    siteInMaintenance();
    renderApp('/plants');
    const notice = await screen.findByRole('region', { name: 'Maintenance Mode' });
    expect(within(notice).getByRole('heading', { name: 'Site-wide maintenance' })).toBeInTheDocument();
    expect(within(notice).getByText('Riverside is closed for the day')).toBeInTheDocument();
    expect(within(notice).getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('gives a superadmin Continue Anyway (for the session) and Manage Maintenance', async () => {
    const admin = signedInGardener({ role: 'superadmin', username: 'admin', id: 42 });
    siteInMaintenance();
    const { user, router } = renderApp('/');
    const notice = await screen.findByRole('region', { name: 'Maintenance Mode' });
    expect(within(notice).getByText('Administrator notice')).toBeInTheDocument();
    expect(within(notice).queryByRole('button', { name: 'Refresh Page' })).not.toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Manage Maintenance' })).toHaveAttribute('href', '/admin/maintenance');

    await user.click(within(notice).getByRole('link', { name: 'Manage Maintenance' }));
    expect(await screen.findByRole('heading', { name: 'Application Functions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/maintenance');

    await act(() => router.navigate('/'));
    await user.click(await screen.findByRole('button', { name: 'Continue Anyway' }));
    expect(await screen.findByRole('heading', { name: 'Your Garden Dashboard' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(BYPASS_KEY)).toBe(String(admin.id));
    await act(() => router.navigate('/plants'));
    expect(await screen.findByRole('heading', { name: 'My Plants' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Maintenance Mode' })).not.toBeInTheDocument();
  });

  it('remembers the bypass after a reload of the same tab', async () => {
    signedInGardener({ role: 'superadmin', username: 'admin', id: 42 });
    window.sessionStorage.setItem(BYPASS_KEY, '42');
    siteInMaintenance();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Your Garden Dashboard' })).toBeInTheDocument();
  });

  it('ignores a bypass left by somebody else on the tab', async () => {
    signedInGardener({ siteId: 7, id: 5 });
    window.sessionStorage.setItem(BYPASS_KEY, '5');
    siteInMaintenance();
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Maintenance Mode' })).toBeInTheDocument();
  });

  it('never blocks /admin/maintenance with a function notice', async () => {
    signedInGardener({ role: 'superadmin', username: 'admin' });
    putInMaintenance('site_wide', 'Everything is paused.');
    renderApp('/admin/maintenance');
    expect(await screen.findByRole('heading', { name: 'Application Functions' })).toBeInTheDocument();
  });

  it('reads the status every 60 seconds and when the window gets the focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedInGardener();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Your Garden Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(statusReads()).toBe(1));

    await act(() => vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS - 1_000));
    expect(statusReads()).toBe(1);

    putInMaintenance('site_wide', 'Back in ten minutes.');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(statusReads()).toBe(2));
    expect(await screen.findByRole('heading', { name: 'Maintenance for: Entire Site' })).toBeInTheDocument();

    db.functions.find((f) => f.name === 'site_wide')!.maintenanceMode = false;
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(statusReads()).toBe(3));
    expect(await screen.findByRole('heading', { name: 'Your Garden Dashboard' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_MS));
    await waitFor(() => expect(statusReads()).toBe(4));
  });
});
