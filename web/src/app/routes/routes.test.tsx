import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@/api/types';
import { makeUser, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';

function signedIn(overrides: Partial<User> = {}) {
  const account = makeUser(overrides);
  signInAs(account);
  server.use(http.get('*/api/user', () => HttpResponse.json(account)));
  return account;
}

describe('route gating', () => {
  it('sends a signed-out visitor of / to /auth?redirect=%2F', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in to your garden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?redirect=%2F');
  });

  it('keeps the wanted path and query in the redirect parameter', async () => {
    const { router } = renderApp('/admin/users?tab=sites');
    await screen.findByRole('heading', { name: 'Sign in to your garden' });
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/users?tab=sites')}`);
  });

  it.each(['/admin/plant-database', '/admin/ecommerce', '/admin/plants/new', '/admin/plants/3'])(
    'shows Access Denied to a user at %s',
    async (path) => {
      signedIn({ role: 'user' });
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    },
  );

  it('shows Access Denied with the role to a user on an admin route', async () => {
    signedIn({ role: 'user' });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You need admin privileges to access this page.')).toBeInTheDocument();
    expect(screen.getByText(/Your current role/)).toHaveTextContent('Your current role: User');
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('shows the superadmin message to an admin on a superadmin route', async () => {
    signedIn({ role: 'admin' });
    renderApp('/admin/maintenance');
    expect(await screen.findByText('You need superadmin privileges to access this page.')).toBeInTheDocument();
    expect(screen.getByText(/Your current role/)).toHaveTextContent('Admin');
  });

  it('lets an admin through to admin routes (pages not built yet: 404)', async () => {
    signedIn({ role: 'admin' });
    renderApp('/admin/not-built-yet');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it('lets a superadmin through to superadmin routes', async () => {
    signedIn({ role: 'superadmin', username: 'admin' });
    renderApp('/admin/not-built-yet');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('shows the 404 page for unknown paths, with a link home', async () => {
    signedIn();
    renderApp('/does-not-exist');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', '/');
  });

  it("keeps index.html's boot shell over the page until the session is checked, then takes it away", async () => {
    const shell = document.createElement('div');
    shell.id = 'boot-shell';
    document.body.append(shell);
    const account = makeUser();
    signInAs(account);
    let answer: (() => void) | undefined;
    server.use(http.get('*/api/user', () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json(account))))));
    renderApp('/does-not-exist');
    await waitFor(() => expect(answer).toBeDefined());
    expect(document.getElementById('boot-shell')).not.toBeNull();
    answer!();
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(document.getElementById('boot-shell')).toBeNull();
  });

  it('shows the 404 page for features that are not built yet, also when signed out', async () => {
    const { router } = renderApp('/planning/not-built-yet');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/planning/not-built-yet');
  });

  it.each([
    '/plants',
    '/plants/7',
    '/plants/7/qrcode',
    '/schedule',
    '/journal',
    '/plant-database',
    '/plant-database/7',
    '/admin/plant-database?tab=ecommerce',
    '/admin/plants/new',
  ])(
    'sends a signed-out visitor of %s to /auth',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Sign in to your garden' })).toBeInTheDocument();
      expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(path)}`);
    },
  );
});

describe('session restore', () => {
  it('shows a spinner while the stored token is verified, then the dashboard', async () => {
    const account = makeUser({ fullName: 'Rose Gardener' });
    signInAs(account);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/user', async () => {
        await gate;
        return HttpResponse.json(account);
      }),
    );
    renderApp('/');
    expect(await screen.findByText('Restoring your session…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Your Garden Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/Rose Gardener!/)).toBeInTheDocument();
  });

  it('clears the session and sends to /auth when the server answers 401', async () => {
    signInAs(makeUser());
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in to your garden' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2F');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('offers a retry when the check fails and no stored user can stand in', async () => {
    window.localStorage.setItem('token', 'tok');
    window.localStorage.setItem('user', 'garbage');
    let calls = 0;
    const account = makeUser();
    server.use(
      http.get('*/api/user', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.text('down', { status: 503 }) : HttpResponse.json(account);
      }),
    );
    const { user } = renderApp('/');
    expect(await screen.findByRole('heading', { name: "We couldn't reach your garden" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your Garden Dashboard' })).toBeInTheDocument();
  });
});

describe('navigation', () => {
  it('shows Main, Community and Garden Planning but not Administration to a user', async () => {
    signedIn({ role: 'user' });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('button', { name: 'Main' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Community' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Garden Planning' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Administration' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Harvest Tracking' })).toHaveAttribute(
      'href',
      '/planning/harvest-tracking',
    );
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Quick links' });
    expect(within(bar).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Plants', 'Schedule', 'Journal']);
  });

  it('shows admins the admin entries only', async () => {
    signedIn({ role: 'admin' });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const admin = within(nav).getByRole('region', { name: 'Administration' });
    expect(within(admin).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Admin Dashboard',
      'Plant Database',
      'Ecommerce',
      'Site Users',
    ]);
  });

  it('shows superadmins every admin entry and Maintenance in the bottom bar', async () => {
    signedIn({ role: 'superadmin', username: 'admin' });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const admin = within(nav).getByRole('region', { name: 'Administration' });
    expect(within(admin).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/admin',
      '/admin/plant-database',
      '/admin/ecommerce',
      '/admin/sites',
      '/admin/users',
      '/admin/site-users',
      '/admin/maintenance',
      '/admin/notifications',
    ]);
    const bar = screen.getByRole('navigation', { name: 'Quick links' });
    expect(within(bar).getByRole('link', { name: 'Maintenance' })).toHaveAttribute('href', '/admin/maintenance');
  });

  it('gives a site admin an Administration group with Site Users (issue 27)', async () => {
    signedIn({ role: 'user', isSiteAdmin: true });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const admin = within(nav).getByRole('region', { name: 'Administration' });
    expect(within(admin).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Site Users', '/admin/site-users'],
    ]);
  });

  it('puts Administration right after Main, so that it shows without scrolling', async () => {
    signedIn({ role: 'superadmin', username: 'admin' });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('region').map((r) => r.getAttribute('aria-labelledby') && r.querySelector('button')?.textContent)).toEqual([
      'Main',
      'Administration',
      'Community',
      'Garden Planning',
    ]);
  });

  it('lights Ecommerce, not Plant Database, on the Ecommerce tab (issue 27)', async () => {
    signedIn({ role: 'admin' });
    renderApp('/admin/plant-database?tab=ecommerce');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const admin = within(nav).getByRole('region', { name: 'Administration' });
    await waitFor(() => expect(within(admin).getByRole('link', { name: 'Ecommerce' })).toHaveAttribute('aria-current', 'page'));
    expect(within(admin).getByRole('link', { name: 'Plant Database' })).not.toHaveAttribute('aria-current');
    expect(within(admin).getByRole('link', { name: 'Plant Database' })).not.toHaveClass('active');
  });

  it('lights Plant Database on the other tabs of the plant database administration', async () => {
    signedIn({ role: 'admin' });
    renderApp('/admin/plant-database?tab=schedule');
    const again = await screen.findByRole('navigation', { name: 'Main navigation' });
    const region = within(again).getByRole('region', { name: 'Administration' });
    await waitFor(() => expect(within(region).getByRole('link', { name: 'Plant Database' })).toHaveAttribute('aria-current', 'page'));
    expect(within(region).getByRole('link', { name: 'Ecommerce' })).not.toHaveAttribute('aria-current');
  });

  it('collapses a group', async () => {
    signedIn();
    const { user } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const trigger = within(nav).getByRole('button', { name: 'Community' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Forum' })).not.toBeInTheDocument();
  });

  it('shows the user name and role in the header', async () => {
    signedIn({ fullName: 'Rose Gardener', role: 'user' });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Your Garden Dashboard' });
    expect(screen.getAllByRole('button', { name: /^Account menu for Rose Gardener/ }).length).toBeGreaterThan(0);
  });
});

describe('logout', () => {
  it('clears the session even when the server call fails, toasts and goes to /auth', async () => {
    signedIn();
    window.localStorage.setItem('impersonation', JSON.stringify({ isImpersonating: false }));
    let logoutCalls = 0;
    server.use(
      http.post('*/api/logout', () => {
        logoutCalls += 1;
        return HttpResponse.text('boom', { status: 500 });
      }),
    );
    const { user, router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
    expect(logoutCalls).toBe(1);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('impersonation')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Sign in to your garden' })).toBeInTheDocument();
  });
});
