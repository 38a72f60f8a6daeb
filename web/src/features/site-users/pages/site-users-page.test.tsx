import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Site } from '@/api/types';
import { makeSite, makeUser } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { optionNames } from '@/testing/picker';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const sent = (method: string, path: string) => db.requests.filter((r) => r.method === method && r.path === path);

function site(overrides: Partial<Site> = {}): Site {
  const s: Site = makeSite({ id: 3, name: 'Riverside', status: 'active', userLimit: 0, plantLimit: 0, city: 'Leeds', ...overrides });
  db.sites.push(s);
  return s;
}

/** A site admin of role user on Riverside, with one member. */
function siteAdmin(limit = 0) {
  site({ userLimit: limit });
  db.currentSiteId = 3;
  const me = signedInGardener({ id: 1, username: 'chief', fullName: 'Site Chief', siteId: 3, isSiteAdmin: true, siteRole: 'owner' });
  db.users = [me, makeUser({ id: 2, username: 'fern', fullName: 'Fern Green', email: 'fern@example.com', siteId: 3, siteRole: 'member' })];
  return me;
}

describe('Site Users: who may open it', () => {
  it.each(['/site-users', '/admin/site-users'])('a site admin of role user opens %s', async (path) => {
    siteAdmin();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Site Users' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Fern Green' })).toBeInTheDocument();
  });

  it('a general user without the flag gets Access Denied', async () => {
    signedInGardener({ siteId: 3 });
    renderApp('/site-users');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('an admin without a site is told there is no site', async () => {
    signedInGardener({ role: 'admin' });
    renderApp('/admin/site-users');
    expect(await screen.findByRole('heading', { name: 'No site ID available' })).toBeInTheDocument();
  });
});

describe('Site Users: cards', () => {
  it('shows one card per user with initials, name, site role and badges; a click opens the user settings', async () => {
    siteAdmin();
    const { user, router } = renderApp('/site-users');
    const me = await screen.findByRole('article', { name: 'Site Chief' });
    expect(within(me).getByText('SC')).toBeInTheDocument();
    expect(within(me).getByText('Owner', { selector: '.badge' })).toBeInTheDocument();
    expect(within(me).getByText('Site Admin')).toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
    const fern = screen.getByRole('article', { name: 'Fern Green' });
    expect(within(fern).getByText('Member', { selector: '.badge' })).toBeInTheDocument();
    await user.click(within(fern).getByText('fern@example.com', { exact: false }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(router.state.location.search).toBe('?userId=2');
  });

  it('deactivates and reactivates a user', async () => {
    siteAdmin();
    const { user } = renderApp('/site-users');
    const fern = await screen.findByRole('article', { name: 'Fern Green' });
    await user.click(within(fern).getByRole('button', { name: 'Deactivate Fern Green' }));
    await waitFor(() => expect(sent('PATCH', '/api/sites/users/2')).toHaveLength(1));
    expect(sent('PATCH', '/api/sites/users/2')[0]!.body).toEqual({ isActive: false });
    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    await user.click(await within(fern).findByRole('button', { name: 'Reactivate Fern Green' }));
    await waitFor(() => expect(sent('PATCH', '/api/sites/users/2')).toHaveLength(2));
    expect(sent('PATCH', '/api/sites/users/2')[1]!.body).toEqual({ isActive: true });
  });

  it('changes the site role and removes a user after a confirmation', async () => {
    siteAdmin();
    const { user } = renderApp('/site-users');
    const fern = await screen.findByRole('article', { name: 'Fern Green' });
    await user.selectOptions(within(fern).getByRole('combobox', { name: 'Site role of Fern Green' }), 'Manager');
    await waitFor(() => expect(sent('PATCH', '/api/site-users/2/role')).toHaveLength(1));
    expect(sent('PATCH', '/api/site-users/2/role')[0]!.body).toEqual({ role: 'manager' });
    expect(within(fern).queryByRole('button', { name: /site admin/i })).not.toBeInTheDocument();

    await user.click(within(fern).getByRole('button', { name: 'Remove Fern Green from the site' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove user from site' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(sent('DELETE', '/api/site-users/2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Fern Green' })).not.toBeInTheDocument());
  });
});

describe('Site Users: a page at a time', () => {
  it('reads the users a page at a time with "Load more" and searches them on the server', async () => {
    siteAdmin();
    db.users.push(...Array.from({ length: 55 }, (_, i) => makeUser({ id: 100 + i, username: `grower${i}`, fullName: `Grower ${i}`, siteId: 3 })));
    const { user } = renderApp('/site-users');
    const cards = await screen.findByRole('list', { name: 'Users of Riverside' });
    expect(within(cards).getAllByRole('article')).toHaveLength(50);
    // The count is the site's own, not the loaded page's.
    expect(screen.getByLabelText('57 of Unlimited users')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(cards).getAllByRole('article')).toHaveLength(57));
    expect(sent('GET', '/api/sites/3/users').map((r) => r.search)).toEqual(['', '?cursor=50']);

    await user.type(screen.getByRole('searchbox', { name: 'Search site users' }), 'grower54');
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Grower 54']));
    expect(sent('GET', '/api/sites/3/users').at(-1)!.search).toBe('?q=grower54');

    await user.type(screen.getByRole('searchbox', { name: 'Search site users' }), '0');
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(screen.getByText('No user of Riverside matches “grower540”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('article', { name: 'Fern Green' })).toBeInTheDocument();
  });

  it('says when the users fail to load', async () => {
    siteAdmin();
    server.use(http.get('*/api/sites/:id/users', () => HttpResponse.json({ message: 'Database unavailable', code: 'internal' }, { status: 500 })));
    renderApp('/site-users');
    expect(await screen.findByRole('heading', { name: 'Failed to load user data' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('says when a site has no users yet', async () => {
    siteAdmin();
    db.users = [];
    renderApp('/site-users');
    expect(await screen.findByRole('heading', { name: 'No users on this site yet' })).toBeInTheDocument();
  });
});

describe("Site Users: a site admin's Add User", () => {
  it('checks the form and creates a general user of the site', async () => {
    siteAdmin();
    const { user } = renderApp('/site-users');
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    expect(within(dialog).getByLabelText('Site')).toHaveValue('3');
    expect(within(dialog).queryByRole('option', { name: 'Hilltop' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Username'), 'iv');
    await user.type(within(dialog).getByLabelText('Email'), 'ivy');
    await user.type(within(dialog).getByLabelText('Password'), '12345');
    await user.selectOptions(within(dialog).getByLabelText('Site'), 'Select a site');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a site')).toBeInTheDocument();
    expect(sent('POST', '/api/sites/users')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Username'), 'y');
    await user.type(within(dialog).getByLabelText('Email'), '@example.com');
    await user.type(within(dialog).getByLabelText('Password'), '6');
    await user.selectOptions(within(dialog).getByLabelText('Site'), 'Riverside');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(sent('POST', '/api/sites/users')).toHaveLength(1));
    expect(sent('POST', '/api/sites/users')[0]!.body).toEqual({
      username: 'ivy',
      email: 'ivy@example.com',
      password: '123456',
      fullName: '',
      siteId: 3,
      role: 'user',
    });
    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'ivy' })).toBeInTheDocument();
  });

  it('disables Add User with a User limit reached warning once the count reaches the limit', async () => {
    siteAdmin(3);
    const { user } = renderApp('/site-users');
    await screen.findByRole('article', { name: 'Fern Green' });
    expect(screen.queryByText('User limit reached')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeEnabled();
    expect(screen.getByLabelText('2 of 3 users')).toHaveTextContent('2 / 3 users');

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Username'), 'ivy');
    await user.type(within(dialog).getByLabelText('Email'), 'ivy@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText('User limit reached')).toBeInTheDocument();
    expect(warning).toHaveTextContent('Riverside has 3 of 3 users.');
    expect(screen.getByRole('button', { name: 'Add User' })).toBeDisabled();
  });

  it('an unlimited site (0) never reaches its limit', async () => {
    siteAdmin(0);
    renderApp('/site-users');
    await screen.findByRole('article', { name: 'Fern Green' });
    expect(screen.getByLabelText('2 of Unlimited users')).toHaveTextContent('2 / ∞ users');
    expect(screen.getByRole('button', { name: 'Add User' })).toBeEnabled();
  });

  it('shows the server’s refusal in the toast', async () => {
    siteAdmin(0);
    const { user } = renderApp('/site-users');
    await screen.findByRole('article', { name: 'Fern Green' });
    db.sites[0]!.userLimit = 2; // lowered meanwhile: the page still thinks the site is unlimited
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Username'), 'ivy');
    await user.type(within(dialog).getByLabelText('Email'), 'ivy@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Failed to create user')).toBeInTheDocument();
    expect(screen.getByText('User limit reached', { selector: '.toast__description' })).toBeInTheDocument();
  });
});

describe('Site Users: superadmins', () => {
  function seedSites() {
    signedInGardener({ id: 1, role: 'superadmin', username: 'admin' });
    site();
    site({ id: 4, name: 'Hilltop', city: 'York' });
    db.users = [
      makeUser({ id: 2, username: 'fern', fullName: 'Fern Green', siteId: 3 }),
      makeUser({ id: 5, username: 'moss', fullName: 'Moss Stone', siteId: 4 }),
      makeUser({ id: 6, username: 'ivy', fullName: 'Ivy Free' }),
      makeUser({ id: 7, username: 'oak', fullName: 'Oak Free' }),
    ];
  }

  it('picks any site in a searchable selector with a 300px list', async () => {
    seedSites();
    const { user, router } = renderApp('/site-users');
    // Sites come by name (docs/decisions.md, "The administration lists are paged"): the page
    // opens on the first of them, Hilltop.
    expect(await screen.findByRole('article', { name: 'Moss Stone' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Site.*Hilltop/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a Site' });
    const list = within(dialog).getByRole('listbox', { name: 'Sites' });
    expect(list.parentElement).toHaveStyle({ height: '300px' });
    await user.type(within(dialog).getByLabelText('Search sites'), 'leeds');
    // The search goes to the server (?q=) once typing pauses.
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    await user.click(within(list).getByRole('option', { name: /Riverside/ }));
    expect(await screen.findByRole('article', { name: 'Fern Green' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?site=3');
  });

  it('shows the server’s count of a picked site, not the count its list row was read with', async () => {
    seedSites();
    db.sites.find((s) => s.id === 3)!.userLimit = 2;
    const { user } = renderApp('/site-users');
    await screen.findByRole('article', { name: 'Moss Stone' });
    await user.click(screen.getByRole('button', { name: /Site.*Hilltop/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a Site' });
    const list = within(dialog).getByRole('listbox', { name: 'Sites' });
    await waitFor(() => expect(within(list).getByRole('option', { name: /Riverside/ })).toBeInTheDocument());
    // Somebody else adds a user to Riverside after the list was read (1 of 2 in its row).
    db.users.push(makeUser({ id: 8, username: 'reed', fullName: 'Reed Late', siteId: 3 }));
    await user.click(within(list).getByRole('option', { name: /Riverside/ }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Riverside has 2 of 2 users.');
    expect(screen.getByRole('button', { name: 'Add User' })).toBeDisabled();
  });

  it('adds an existing user without a site, with a site role and the site admin flag', async () => {
    seedSites();
    const { user } = renderApp('/site-users?site=3');
    await screen.findByRole('article', { name: 'Fern Green' });
    await user.click(screen.getByRole('button', { name: 'Add Existing User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Existing User' });
    // Every user shows (a page at a time, by id); those already on a site cannot be picked.
    const list = await within(dialog).findByRole('listbox', { name: 'Users' });
    expect(optionNames(list)).toEqual(['Fern Green', 'Moss Stone', 'Ivy Free', 'Oak Free']);
    expect(optionNames(list).filter((_, i) => within(list).getAllByRole('option')[i]!.getAttribute('aria-disabled') !== 'true')).toEqual([
      'Ivy Free',
      'Oak Free',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Add to Site' }));
    expect(await within(dialog).findByText('Please select a user')).toBeInTheDocument();
    expect(sent('POST', '/api/sites/3/users')).toHaveLength(0);

    await user.click(within(list).getByRole('option', { name: /Oak Free/ }));
    expect(within(dialog).getByLabelText('Site role')).toHaveValue('member');
    await user.selectOptions(within(dialog).getByLabelText('Site role'), 'Owner');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Site admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Site' }));
    await waitFor(() => expect(sent('POST', '/api/sites/3/users')).toHaveLength(1));
    expect(sent('POST', '/api/sites/3/users')[0]!.body).toEqual({ userId: 7, role: 'owner', isAdmin: true });
    const oak = await screen.findByRole('article', { name: 'Oak Free' });
    expect(within(oak).getByText('Site Admin')).toBeInTheDocument();
  });

  it('opens a site that is not on the first page of sites by its id alone, never reading every site', async () => {
    seedSites();
    db.sites.push(...Array.from({ length: 60 }, (_, i) => makeSite({ id: 100 + i, name: `Allotment ${i}`, status: 'active', userLimit: 0, plantLimit: 0 })));
    db.users.push(makeUser({ id: 40, username: 'last', fullName: 'Last Grower', siteId: 159 }));
    renderApp('/site-users?site=159');
    expect(await screen.findByRole('article', { name: 'Last Grower' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Site.*Allotment 59/ })).toBeInTheDocument();
    expect(sent('GET', '/api/admin/sites').map((r) => r.search)).toEqual(['?ids=159']);
  });

  it('offers every user in Add Existing User, but one already on a site cannot be picked', async () => {
    seedSites();
    const { user } = renderApp('/site-users?site=3');
    await screen.findByRole('article', { name: 'Fern Green' });
    await user.click(screen.getByRole('button', { name: 'Add Existing User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Existing User' });
    const moss = await within(dialog).findByRole('option', { name: 'Moss Stone' });
    expect(moss).toHaveAttribute('aria-disabled', 'true');
    expect(moss).toHaveAccessibleDescription('@moss · already on a site');
    await user.click(moss);
    expect(moss).toHaveAttribute('aria-selected', 'false');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Site' }));
    expect(await within(dialog).findByText('Please select a user')).toBeInTheDocument();
    // Searched on the server.
    await user.type(within(dialog).getByRole('combobox', { name: 'Search users' }), 'oak');
    await waitFor(() => expect(optionNames(within(dialog).getByRole('listbox', { name: 'Users' }))).toEqual(['Oak Free']));
    expect(sent('GET', '/api/users').at(-1)!.search).toBe('?q=oak');
  });

  it('grants and removes site admin rights', async () => {
    seedSites();
    const { user } = renderApp('/site-users?site=3');
    const fern = await screen.findByRole('article', { name: 'Fern Green' });
    await user.click(within(fern).getByRole('button', { name: 'Make Admin (site admin rights): Fern Green' }));
    await waitFor(() => expect(sent('PATCH', '/api/site-users/2/admin')).toHaveLength(1));
    expect(sent('PATCH', '/api/site-users/2/admin')[0]!.body).toEqual({ isAdmin: true });
    expect(await within(fern).findByText('Site Admin')).toBeInTheDocument();
  });

  it('has no Add Existing User for site admins', async () => {
    siteAdmin();
    renderApp('/site-users');
    await screen.findByRole('article', { name: 'Fern Green' });
    expect(screen.queryByRole('button', { name: 'Add Existing User' })).not.toBeInTheDocument();
  });
});
