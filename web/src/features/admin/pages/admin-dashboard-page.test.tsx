import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSite, makeUser, makeUserCategory } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const sent = (method: string, path: string) => db.requests.filter((r) => r.method === method && r.path === path);

function seed(role: 'admin' | 'superadmin' = 'superadmin') {
  const me = signedInGardener({ id: 1, role, username: role === 'admin' ? 'ann' : 'admin', siteId: role === 'admin' ? 3 : null });
  db.sites = [
    makeSite({ id: 3, name: 'Riverside', status: 'active', userLimit: 0, plantLimit: 25, city: 'Leeds' }),
    makeSite({ id: 4, name: 'Hilltop', status: 'active', userLimit: 10, plantLimit: 0, city: 'York', maintenanceMode: true }),
  ];
  db.users = [
    me,
    makeUser({ id: 2, username: 'fern', fullName: 'Fern Green', email: 'fern@example.com', siteId: 3 }),
    makeUser({ id: 5, username: 'moss', fullName: 'Moss Stone', email: 'moss@example.com', siteId: 4, isActive: false }),
  ];
  db.userCategories = [makeUserCategory({ id: 7, name: 'Volunteers', description: 'People who help', createdAt: '2026-01-02T10:00:00Z' })];
  // Hilltop is in maintenance: the superadmin has pressed Continue Anyway.
  window.sessionStorage.setItem('garden.maintenanceBypass', '1');
  return me;
}

describe('Admin Dashboard (/admin)', () => {
  it('has a search box and the tabs Users, Categories, Sites, Community kept in ?tab=', async () => {
    seed();
    const { user, router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Admin section' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Users', 'Categories', 'Sites', 'Community']);
    expect(within(tabs).getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(tabs).getByRole('tab', { name: 'Sites' }));
    expect(router.state.location.search).toBe('?tab=sites');
  });

  it('lists users with badges, searches them and toggles one', async () => {
    seed();
    const { user } = renderApp('/admin');
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(within(within(list).getByRole('article', { name: 'moss' })).getByText('Inactive')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Edit fern' })).toHaveAttribute('href', '/settings?userId=2');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'fern@');
    // The search goes to the server (?q=) once typing pauses.
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1));
    await user.click(within(list).getByRole('button', { name: 'Deactivate fern' }));
    await waitFor(() => expect(sent('PATCH', '/api/users/2/toggle-active')).toHaveLength(1));
    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
  });

  it('manages user categories: a name of 2 characters, confirmations before deleting', async () => {
    seed();
    const { user } = renderApp('/admin?tab=categories');
    const list = await screen.findByRole('list', { name: 'User categories' });
    expect(within(list).getByRole('article', { name: 'Volunteers' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    await user.type(within(dialog).getByLabelText('Name'), 'S');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(sent('POST', '/api/user-categories')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Name'), 'tudents');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    await waitFor(() => expect(sent('POST', '/api/user-categories')).toHaveLength(1));
    expect(sent('POST', '/api/user-categories')[0]!.body).toEqual({ name: 'Students', description: '' });
    expect(await screen.findByText('Category created')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Edit Volunteers' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Helpers');
    await user.click(within(dialog).getByRole('button', { name: 'Save Category' }));
    await waitFor(() => expect(sent('PATCH', '/api/user-categories/7')).toHaveLength(1));
    // The edit dialog has closed (while it is open the page behind it takes no clicks).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Category' })).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Delete Helpers' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete category' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Category' }));
    await waitFor(() => expect(sent('DELETE', '/api/user-categories/7')).toHaveLength(1));
    expect(await screen.findByText('Category deleted')).toBeInTheDocument();
  });

  it('lets only a superadmin mark a category Experts, sending the flag only when it changes', async () => {
    seed();
    const { user } = renderApp('/admin?tab=categories');
    await user.click(await screen.findByRole('button', { name: 'Edit Volunteers' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    const experts = within(dialog).getByRole('checkbox', { name: /Experts/ });
    expect(experts).not.toBeChecked();
    await user.click(experts);
    await user.click(within(dialog).getByRole('button', { name: 'Save Category' }));
    await waitFor(() => expect(sent('PATCH', '/api/user-categories/7')).toHaveLength(1));
    expect(sent('PATCH', '/api/user-categories/7')[0]!.body).toEqual({ name: 'Volunteers', description: 'People who help', experts: true });
    const row = await screen.findByRole('article', { name: 'Volunteers' });
    expect(await within(row).findByText('Expert badge')).toBeInTheDocument();

    // A rename by the superadmin leaves the flag out: it did not change.
    await user.click(screen.getByRole('button', { name: 'Edit Volunteers' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    expect(within(dialog).getByRole('checkbox', { name: /Experts/ })).toBeChecked();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Plant doctors');
    await user.click(within(dialog).getByRole('button', { name: 'Save Category' }));
    await waitFor(() => expect(sent('PATCH', '/api/user-categories/7')).toHaveLength(2));
    expect(sent('PATCH', '/api/user-categories/7')[1]!.body).toEqual({ name: 'Plant doctors', description: 'People who help' });
  });

  it('shows an admin no Experts checkbox and never sends the flag', async () => {
    seed('admin');
    db.sites = db.sites.filter((s) => s.id === 3);
    db.userCategories[0]!.experts = true;
    const { user } = renderApp('/admin?tab=categories');
    await user.click(await screen.findByRole('button', { name: 'Edit Volunteers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    expect(within(dialog).queryByRole('checkbox', { name: /Experts/ })).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'EXPERTS');
    await user.click(within(dialog).getByRole('button', { name: 'Save Category' }));
    await waitFor(() => expect(sent('PATCH', '/api/user-categories/7')).toHaveLength(1));
    expect(sent('PATCH', '/api/user-categories/7')[0]!.body).toEqual({ name: 'EXPERTS', description: 'People who help' });
  });

  it('shows a superadmin every site with its limits, 0 as ∞ or Unlimited', async () => {
    seed();
    renderApp('/admin?tab=sites');
    const riverside = await screen.findByRole('article', { name: 'Riverside' });
    expect(within(riverside).getByText('1 / ∞')).toBeInTheDocument();
    expect(within(riverside).getByText('Unlimited')).toBeInTheDocument();
    const hilltop = screen.getByRole('article', { name: 'Hilltop' });
    expect(within(hilltop).getByText('Maintenance')).toBeInTheDocument();
    expect(within(hilltop).getByText('Unlimited')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Sites' })).toHaveAttribute('href', '/admin/sites');
  });

  it('shows an admin their own site, without the limits', async () => {
    seed('admin');
    db.sites = db.sites.filter((s) => s.id === 3);
    renderApp('/admin?tab=sites');
    const riverside = await screen.findByRole('article', { name: 'Riverside' });
    expect(within(riverside).queryByText('Plant limit')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage Sites' })).not.toBeInTheDocument();
  });

  it('has a Forum Categories card and disabled Coming Soon cards on Community', async () => {
    seed();
    const { user } = renderApp('/admin?tab=community');
    const cards = await screen.findByRole('list', { name: 'Community management' });
    expect(within(within(cards).getByRole('article', { name: 'Forum Categories' })).getByRole('link', { name: 'Manage Categories' })).toHaveAttribute(
      'href',
      '/admin/forum-categories',
    );
    for (const name of ['Expert Q&A Management', 'Plant Sharing Management']) {
      const card = within(cards).getByRole('article', { name });
      expect(within(card).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    }
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'forum');
    expect(within(cards).getAllByRole('article')).toHaveLength(1);
  });

  it('reads the users a page at a time with "Load more", and searches them on the server', async () => {
    seed();
    db.users.push(...Array.from({ length: 60 }, (_, i) => makeUser({ id: 100 + i, username: `grower${i}`, email: `grower${i}@example.com` })));
    const { user } = renderApp('/admin');
    const list = await screen.findByRole('list', { name: 'Users' });
    // The first page only (the API's default 50), not every account.
    expect(within(list).getAllByRole('article')).toHaveLength(50);
    expect(sent('GET', '/api/users').map((r) => r.search)).toEqual(['']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(63));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // Past the first page: found by the server, not by filtering what was loaded.
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'grower59');
    await waitFor(() => expect(within(list).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['grower59']));
    expect(sent('GET', '/api/users').at(-1)!.search).toBe('?q=grower59');
  });

  it('searches the sites on the server, says when nothing matches and when they fail to load', async () => {
    seed();
    const { user } = renderApp('/admin?tab=sites');
    await screen.findByRole('article', { name: 'Riverside' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'york');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Riverside' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Hilltop' })).toBeInTheDocument();
    expect(sent('GET', '/api/sites').at(-1)!.search).toBe('?q=york');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'shire');
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(screen.getByText('No site matches “yorkshire”.')).toBeInTheDocument();

    server.use(http.get('*/api/sites', () => HttpResponse.json({ message: 'Database unavailable', code: 'internal' }, { status: 500 })));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' north');
    expect(await screen.findByRole('heading', { name: 'Failed to load sites' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('tells an admin without a site that there are no users to list', async () => {
    signedInGardener({ role: 'admin' });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'No site ID available' })).toBeInTheDocument();
  });
});
