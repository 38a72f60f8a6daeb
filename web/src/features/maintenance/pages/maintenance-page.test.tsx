import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { makeSite } from '@/testing/fixtures';

const superadmin = () => signedInGardener({ role: 'superadmin', username: 'admin' });
const sent = (method: string, path: string) => db.requests.filter((r) => r.method === method && r.path === path);

describe('Maintenance Mode page', () => {
  it('shows Access Denied with Go Home to non-superadmins', async () => {
    signedInGardener({ role: 'admin' });
    renderApp('/admin/maintenance');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('lists the functions with their last start and end, or Never, and the sites', async () => {
    superadmin();
    const forum = db.functions.find((f) => f.name === 'community_forum')!;
    forum.lastMaintenanceStart = '2026-11-20T09:00:00Z';
    db.sites.push(makeSite({ id: 3, name: 'Riverside', status: 'active', userLimit: 0, plantLimit: 0, maintenanceMode: false }));
    renderApp('/admin/maintenance');
    const functions = await screen.findByRole('list', { name: 'Application functions' });
    const row = within(functions).getByRole('article', { name: 'Community Forum' });
    expect(within(row).getByText('community_forum')).toBeInTheDocument();
    expect(within(row).getByText('Operational')).toBeInTheDocument();
    expect(within(row).getByText(/Nov 20, 2026/)).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    const sites = await screen.findByRole('list', { name: 'Sites' });
    expect(within(sites).getByRole('article', { name: 'Riverside' })).toBeInTheDocument();
  });

  it('asks for a message before switching maintenance on; the message is required', async () => {
    superadmin();
    const { user } = renderApp('/admin/maintenance');
    await user.click(await screen.findByRole('switch', { name: 'Maintenance for Community Forum' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable Maintenance Mode' });
    expect(sent('PATCH', `/api/maintenance/functions/6`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Enable Maintenance' }));
    expect(await within(dialog).findByText('A message is required to turn maintenance on')).toBeInTheDocument();
    expect(sent('PATCH', `/api/maintenance/functions/6`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Maintenance message'), 'Upgrading the forum');
    await user.click(within(dialog).getByRole('button', { name: 'Enable Maintenance' }));
    await waitFor(() => expect(sent('PATCH', '/api/maintenance/functions/6')).toHaveLength(1));
    expect(sent('PATCH', '/api/maintenance/functions/6')[0]!.body).toEqual({ maintenanceMode: true, message: 'Upgrading the forum' });
    expect(await screen.findByText('Maintenance enabled')).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Maintenance for Community Forum' })).toBeChecked();
  });

  it('switches maintenance off at once, without a message', async () => {
    superadmin();
    db.sites.push(makeSite({ id: 3, name: 'Riverside', status: 'active', userLimit: 0, plantLimit: 0, maintenanceMode: true, maintenanceMessage: 'Closed' }));
    const { user } = renderApp('/admin/maintenance');
    const toggle = await screen.findByRole('switch', { name: 'Maintenance for Riverside' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(sent('POST', '/api/maintenance/site/3')).toHaveLength(1));
    expect(sent('POST', '/api/maintenance/site/3')[0]!.body).toEqual({ maintenanceMode: false, message: '' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Maintenance for Riverside' })).not.toBeChecked());
  });

  it('creates a function: name and display name are required', async () => {
    superadmin();
    const { user } = renderApp('/admin/maintenance');
    await user.click(await screen.findByRole('button', { name: 'Create Function' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Function' });
    await user.type(within(dialog).getByLabelText('Name'), 'seed_swap');
    await user.click(within(dialog).getByRole('button', { name: 'Create Function' }));
    expect(await within(dialog).findByText('Name and display name are required')).toBeInTheDocument();
    expect(sent('POST', '/api/maintenance/functions')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Display name'), 'Seed Swap');
    await user.click(within(dialog).getByRole('button', { name: 'Create Function' }));
    await waitFor(() => expect(sent('POST', '/api/maintenance/functions')).toHaveLength(1));
    expect(sent('POST', '/api/maintenance/functions')[0]!.body).toEqual({ name: 'seed_swap', displayName: 'Seed Swap', description: '' });
    expect(await screen.findByRole('article', { name: 'Seed Swap' })).toBeInTheDocument();
  });

  it('deletes a function after a browser confirmation; site_wide cannot be deleted', async () => {
    superadmin();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderApp('/admin/maintenance');
    expect(await screen.findByRole('button', { name: 'Delete Entire Site' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Delete Growth Journal' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete the function "Growth Journal"? This cannot be undone.');
    expect(sent('DELETE', '/api/maintenance/functions/4')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Growth Journal' }));
    await waitFor(() => expect(sent('DELETE', '/api/maintenance/functions/4')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Growth Journal' })).not.toBeInTheDocument());
  });

  it('shows the server’s message when a switch fails', async () => {
    superadmin();
    server.use(
      http.patch('*/api/maintenance/functions/:id', () =>
        HttpResponse.json({ message: 'Function not found', code: 'not_found' }, { status: 404 }),
      ),
    );
    const { user } = renderApp('/admin/maintenance');
    await user.click(await screen.findByRole('switch', { name: 'Maintenance for My Plants' }));
    await user.type(await screen.findByLabelText('Maintenance message'), 'Moving house');
    await user.click(screen.getByRole('button', { name: 'Enable Maintenance' }));
    expect(await screen.findByText('Failed to update maintenance mode')).toBeInTheDocument();
    expect(screen.getByText('Function not found')).toBeInTheDocument();
  });

  it('filters the sites in maintenance on the server and says how many there are', async () => {
    superadmin();
    db.sites.push(
      makeSite({ id: 3, name: 'Riverside', status: 'active', userLimit: 0, plantLimit: 0, maintenanceMode: true, maintenanceMessage: 'Closed' }),
      makeSite({ id: 4, name: 'Hilltop', status: 'active', userLimit: 0, plantLimit: 0, maintenanceMode: false }),
    );
    const { user } = renderApp('/admin/maintenance');
    expect(await screen.findByText(/1 site is in maintenance now\./)).toBeInTheDocument();
    const sites = await screen.findByRole('list', { name: 'Sites' });
    expect(within(sites).getAllByRole('article')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'In maintenance' }));
    await waitFor(() => expect(db.requests.some((r) => r.path === '/api/sites' && r.search === '?maintenance=true')).toBe(true));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Sites' })).getAllByRole('article')).toHaveLength(1));
    expect(within(screen.getByRole('list', { name: 'Sites' })).getByRole('article', { name: 'Riverside' })).toBeInTheDocument();
  });
});
