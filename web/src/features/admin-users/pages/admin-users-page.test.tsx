import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@/api/types';
import { makeSite, makeUser } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { pickOption } from '@/testing/picker';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const sent = (method: string, path: string) => db.requests.filter((r) => r.method === method && r.path === path);

function seed(): Record<string, User> {
  const me = signedInGardener({ id: 1, role: 'superadmin', username: 'admin', isProtected: true, fullName: 'Site Owner' });
  const users = {
    me,
    root: me,
    boss: makeUser({ id: 2, username: 'boss', fullName: 'Big Boss', role: 'superadmin' }),
    chief: makeUser({ id: 3, username: 'chief', fullName: 'Site Chief', siteId: 9, isSiteAdmin: true }),
    fern: makeUser({ id: 4, username: 'fern', fullName: 'Fern Green', siteId: 9 }),
  };
  db.users = [me, users.boss, users.chief, users.fern];
  db.sites = [makeSite({ id: 9, name: 'Riverside', status: 'active', userLimit: 0, plantLimit: 0 })];
  return users;
}

describe('Users (/admin/users)', () => {
  it('lists every account with badges and its site', async () => {
    seed();
    renderApp('/admin/users');
    const list = await screen.findByRole('list', { name: 'Users' });
    const chief = within(list).getByRole('article', { name: 'chief' });
    expect(within(chief).getByText('Site Admin')).toBeInTheDocument();
    expect(await within(chief).findByText('Riverside')).toBeInTheDocument();
    const root = within(list).getByRole('article', { name: 'admin' });
    expect(within(root).getByText('Protected')).toBeInTheDocument();
    expect(within(root).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('creates a user: password required, at least 8, e-mail valid', async () => {
    seed();
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Username'), 'ivy');
    await user.type(within(dialog).getByLabelText('Email'), 'ivy@');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Password required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    expect(await within(dialog).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(sent('POST', '/api/users')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'ivy@example.com');
    await user.type(within(dialog).getByLabelText('Password'), '-and-long');
    await pickOption(user, within(dialog).getByLabelText('Site'), 'Riverside');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Site admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(sent('POST', '/api/users')).toHaveLength(1));
    expect(sent('POST', '/api/users')[0]!.body).toEqual({
      username: 'ivy',
      email: 'ivy@example.com',
      fullName: '',
      password: 'short-and-long',
      role: 'user',
      isActive: true,
      categoryId: null,
      siteId: 9,
      isSiteAdmin: true,
    });
    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'ivy' })).toBeInTheDocument();
  });

  it('the site admin flag needs a site and is disabled for a superadmin', async () => {
    seed();
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    const flag = within(dialog).getByRole('checkbox', { name: 'Site admin' });
    expect(flag).toBeDisabled();
    await pickOption(user, within(dialog).getByLabelText('Site'), 'Riverside');
    expect(flag).toBeEnabled();
    await user.click(flag);
    await pickOption(user, within(dialog).getByLabelText('Site'), 'No site');
    expect(flag).not.toBeChecked();
    expect(flag).toBeDisabled();
    await pickOption(user, within(dialog).getByLabelText('Site'), 'Riverside');
    await user.click(flag);
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Superadmin');
    expect(flag).not.toBeChecked();
    expect(flag).toBeDisabled();
    expect(within(dialog).getByText('Superadmin accounts should not be site admins as they have system-wide privileges')).toBeInTheDocument();
    expect(within(dialog).getByText('Superadmin accounts cannot be associated with a specific site')).toBeInTheDocument();
  });

  it('edits a user; an empty password is dropped', async () => {
    seed();
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Edit fern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.clear(within(dialog).getByLabelText('Full name'));
    await user.type(within(dialog).getByLabelText('Full name'), 'Fern Gully');
    await user.click(within(dialog).getByRole('button', { name: 'Save User' }));
    await waitFor(() => expect(sent('PATCH', '/api/users/4')).toHaveLength(1));
    const body = sent('PATCH', '/api/users/4')[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({ fullName: 'Fern Gully', siteId: 9 });
  });

  it('refuses to delete superadmins and site admins in the page, without a request', async () => {
    seed();
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Delete boss' }));
    expect(await screen.findByText('You cannot delete superadmin accounts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete chief' }));
    expect(await screen.findByText('You cannot delete site admin accounts. Please remove admin privileges first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate boss' }));
    expect(await screen.findByText('You cannot deactivate superadmin accounts')).toBeInTheDocument();
    expect(db.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('deletes a general user after a confirmation', async () => {
    seed();
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Delete fern' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete user' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(sent('DELETE', '/api/users/4')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'fern' })).not.toBeInTheDocument());
  });

  it('shows the server’s 403 message in a toast', async () => {
    seed();
    server.use(
      http.patch('*/api/users/:id/toggle-active', () =>
        HttpResponse.json({ message: 'You cannot do this to your own account', code: 'forbidden' }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Deactivate fern' }));
    expect(await screen.findByText('Error updating user status')).toBeInTheDocument();
    expect(screen.getByText('You cannot do this to your own account')).toBeInTheDocument();
  });

  it('impersonates a user with the session', async () => {
    seed();
    server.use(
      http.post('*/api/impersonate/:id', ({ params }) =>
        HttpResponse.json({ token: 'tok-fern', user: makeUser({ id: Number(params.id), username: 'fern' }) }),
      ),
    );
    const { user, router } = renderApp('/admin/users');
    expect(screen.queryByRole('button', { name: 'Impersonate admin' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Impersonate fern' }));
    expect(await screen.findByText('You are now viewing as fern')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('loads one server page at a time and searches on the server', async () => {
    seed();
    for (let id = 10; id < 70; id++) db.users.push(makeUser({ id, username: `grower${id}`, fullName: `Grower ${id}` }));
    const { user } = renderApp('/admin/users');
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('article')).toHaveLength(50);
    expect(screen.getByText('50+ accounts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(64));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('64 accounts')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search users'), 'grower6');
    await waitFor(() => expect(sent('GET', '/api/users').some((r) => r.search === '?q=grower6')).toBe(true));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Users' })).getAllByRole('article')).toHaveLength(10));
    await user.clear(screen.getByLabelText('Search users'));
    await user.type(screen.getByLabelText('Search users'), 'nobody');
    expect(await screen.findByText('No user matches “nobody”.')).toBeInTheDocument();
  });
});
