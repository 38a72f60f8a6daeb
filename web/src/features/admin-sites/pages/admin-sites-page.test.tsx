import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSite, makeUser } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';

const sent = (method: string, path: string) => db.requests.filter((r) => r.method === method && r.path === path);
const superadmin = () => signedInGardener({ role: 'superadmin', username: 'admin' });

describe('Sites (/admin/sites)', () => {
  it('is for superadmins only', async () => {
    signedInGardener({ role: 'admin' });
    renderApp('/admin/sites');
    expect(await screen.findByText('You need superadmin privileges to access this page.')).toBeInTheDocument();
  });

  it('lists sites with limits, 0 shown as ∞ and Unlimited', async () => {
    superadmin();
    db.sites = [
      makeSite({ id: 1, name: 'Riverside', status: 'active', userLimit: 0, plantLimit: 0, city: 'Leeds', country: 'United Kingdom' }),
      makeSite({ id: 2, name: 'Hilltop', status: 'inactive', userLimit: 5, plantLimit: 30 }),
    ];
    db.users = [makeUser({ id: 8, siteId: 2 })];
    renderApp('/admin/sites');
    const riverside = await screen.findByRole('article', { name: 'Riverside' });
    expect(within(riverside).getByLabelText('0 of Unlimited users')).toHaveTextContent('0 / ∞');
    expect(within(riverside).getByText('Unlimited')).toBeInTheDocument();
    expect(within(riverside).getByText('Leeds, United Kingdom')).toBeInTheDocument();
    const hilltop = screen.getByRole('article', { name: 'Hilltop' });
    expect(within(hilltop).getByLabelText('1 of 5 users')).toHaveTextContent('1 / 5');
    expect(within(hilltop).getByText('Inactive')).toBeInTheDocument();
    expect(within(hilltop).getByRole('switch', { name: 'Hilltop active' })).not.toBeChecked();
  });

  it('creates a site: the rules, a blank number sent as 0, United States by default, a category', async () => {
    superadmin();
    const { user } = renderApp('/admin/sites');
    await user.click(await screen.findByRole('button', { name: 'Add Site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Site' });
    expect(within(dialog).getByLabelText('Country')).toHaveValue('United States');
    await user.type(within(dialog).getByLabelText('Name'), 'R');
    await user.type(within(dialog).getByLabelText('Email'), 'bad');
    await user.type(within(dialog).getByLabelText('Website'), 'nope');
    await user.clear(within(dialog).getByLabelText('User limit'));
    await user.type(within(dialog).getByLabelText('User limit'), '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Create Site' }));
    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(within(dialog).getByText('User limit must be 0 or greater')).toBeInTheDocument();
    expect(sent('POST', '/api/sites')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'iverside');
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.clear(within(dialog).getByLabelText('Website'));
    await user.type(within(dialog).getByLabelText('Website'), 'https://riverside.org');
    await user.clear(within(dialog).getByLabelText('User limit'));
    await user.clear(within(dialog).getByLabelText('Plant limit'));
    await within(dialog).findByRole('option', { name: 'Allotment' });
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Allotment');
    await user.click(within(dialog).getByRole('switch', { name: /Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Site' }));
    await waitFor(() => expect(sent('POST', '/api/sites')).toHaveLength(1));
    expect(sent('POST', '/api/sites')[0]!.body).toEqual({
      name: 'Riverside',
      description: '',
      email: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      phoneNumber: '',
      website: 'https://riverside.org',
      country: 'United States',
      status: 'inactive',
      categoryId: 2,
      userLimit: 0,
      plantLimit: 0,
    });
    expect(await screen.findByText('Site created')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Riverside' })).toBeInTheDocument();
  });

  it('edits a site and toggles its status', async () => {
    superadmin();
    db.sites = [makeSite({ id: 1, name: 'Riverside', status: 'active', userLimit: 10, plantLimit: 0 })];
    const { user } = renderApp('/admin/sites');
    await user.click(await screen.findByRole('button', { name: 'Edit Riverside' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Site' });
    expect(within(dialog).getByLabelText('User limit')).toHaveValue(10);
    await user.clear(within(dialog).getByLabelText('User limit'));
    await user.type(within(dialog).getByLabelText('User limit'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save Site' }));
    await waitFor(() => expect(sent('PATCH', '/api/sites/1')).toHaveLength(1));
    expect(sent('PATCH', '/api/sites/1')[0]!.body).toMatchObject({ userLimit: 12, name: 'Riverside' });

    await user.click(await screen.findByRole('switch', { name: 'Riverside active' }));
    await waitFor(() => expect(sent('PATCH', '/api/sites/1/toggle-status')).toHaveLength(1));
    expect(await screen.findByText('Site deactivated')).toBeInTheDocument();
  });

  it('deletes after a confirmation and shows the 409 message', async () => {
    superadmin();
    db.sites = [makeSite({ id: 1, name: 'Riverside', status: 'active', userLimit: 0, plantLimit: 0 })];
    db.users = [makeUser({ id: 8, siteId: 1 })];
    const { user } = renderApp('/admin/sites');
    await user.click(await screen.findByRole('button', { name: 'Delete Riverside' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete site' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Site' }));
    expect(await screen.findByText('Error deleting site')).toBeInTheDocument();
    expect(screen.getByText('This site still has users: move or remove them first')).toBeInTheDocument();
  });
});
