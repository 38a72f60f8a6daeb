import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@/api/types';
import { makeUser, signInAs } from '@/testing/fixtures';
import { renderApp, renderWithSession } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { useSession } from './session-context';

function ImpersonateButton({ userId }: { userId: number }) {
  const session = useSession();
  return (
    <div>
      <p>status: {session.status}</p>
      <p>current: {session.user?.username ?? 'nobody'}</p>
      <button type="button" onClick={() => void session.impersonate(userId)}>
        impersonate
      </button>
      <button type="button" onClick={() => void session.endImpersonation()}>
        end
      </button>
    </div>
  );
}

function restoreAs(account: User) {
  signInAs(account, `token-${account.username}`);
  server.use(http.get('*/api/user', () => HttpResponse.json(account)));
}

function recordImpersonateCalls() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/api/impersonate') || path === '/api/end-impersonation') calls.push(path);
  });
  return calls;
}

describe('impersonate()', () => {
  it.each(['user', 'admin'] as const)('is refused for role %s without calling the server', async (role) => {
    restoreAs(makeUser({ username: 'someone', role }));
    const calls = recordImpersonateCalls();
    const { user } = renderWithSession(<ImpersonateButton userId={9} />);
    await screen.findByText('status: signed-in');
    await user.click(screen.getByRole('button', { name: 'impersonate' }));
    expect(await screen.findByText('Permission Denied')).toBeInTheDocument();
    expect(screen.getByText('Only superadmins can impersonate other users')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(window.localStorage.getItem('impersonation')).toBeNull();
  });

  it('lets a superadmin impersonate: swaps token and user, remembers the original user', async () => {
    const admin = makeUser({ id: 1, username: 'admin', role: 'superadmin' });
    const gardener = makeUser({ id: 9, username: 'gardener', role: 'user' });
    restoreAs(admin);
    let auth: string | null = null;
    server.use(
      http.post('*/api/impersonate/9', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ user: gardener, token: 'imp-token' });
      }),
    );
    const { user, router } = renderWithSession(<ImpersonateButton userId={9} />, '/admin/users');
    await screen.findByText('status: signed-in');
    await user.click(screen.getByRole('button', { name: 'impersonate' }));
    expect(await screen.findByText('Impersonation Active')).toBeInTheDocument();
    expect(screen.getByText('You are now viewing as gardener')).toBeInTheDocument();
    expect(screen.getByText('current: gardener')).toBeInTheDocument();
    expect(auth).toBe('Bearer token-admin');
    expect(window.localStorage.getItem('token')).toBe('imp-token');
    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual(gardener);
    expect(JSON.parse(window.localStorage.getItem('impersonation')!)).toEqual({
      isImpersonating: true,
      originalUser: admin,
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('reports a failure with the server message', async () => {
    restoreAs(makeUser({ username: 'admin', role: 'superadmin' }));
    server.use(
      http.post('*/api/impersonate/3', () =>
        HttpResponse.json({ message: 'Superadmins cannot be impersonated', code: 'forbidden' }, { status: 403 }),
      ),
    );
    const { user } = renderWithSession(<ImpersonateButton userId={3} />);
    await screen.findByText('status: signed-in');
    await user.click(screen.getByRole('button', { name: 'impersonate' }));
    expect(await screen.findByText('Impersonation Failed')).toBeInTheDocument();
    expect(screen.getByText('Superadmins cannot be impersonated')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('token-admin');
  });

  it('reports a failure without a message with the default text', async () => {
    restoreAs(makeUser({ username: 'admin', role: 'superadmin' }));
    server.use(http.post('*/api/impersonate/3', () => HttpResponse.error()));
    const { user } = renderWithSession(<ImpersonateButton userId={3} />);
    await screen.findByText('status: signed-in');
    await user.click(screen.getByRole('button', { name: 'impersonate' }));
    expect(await screen.findByText('Could not impersonate user')).toBeInTheDocument();
  });
});

describe('impersonation banner and endImpersonation()', () => {
  function seedImpersonation() {
    const admin = makeUser({ id: 1, username: 'admin', role: 'superadmin' });
    const gardener = makeUser({ id: 9, username: 'gardener', fullName: 'Rose Gardener' });
    restoreAs(gardener);
    window.localStorage.setItem('token', 'imp-token');
    window.localStorage.setItem('impersonation', JSON.stringify({ isImpersonating: true, originalUser: admin }));
    return { admin, gardener };
  }

  it('shows the banner only while impersonating', async () => {
    restoreAs(makeUser());
    renderApp('/');
    await screen.findByRole('heading', { name: 'Your Garden Dashboard' });
    expect(screen.queryByText(/You are impersonating/)).not.toBeInTheDocument();
  });

  it('shows the banner and Exit Impersonation restores the original user with the new token', async () => {
    const { admin } = seedImpersonation();
    let auth: string | null = null;
    server.use(
      http.post('*/api/end-impersonation', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ token: 'admin-token-2', user: admin });
      }),
    );
    const { user } = renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent(
      'You are impersonating gardener. All actions will be performed as this user.',
    );
    await user.click(screen.getByRole('button', { name: 'Exit Impersonation' }));
    expect(await screen.findByText('Impersonation Ended')).toBeInTheDocument();
    expect(screen.getByText('You are now back as admin')).toBeInTheDocument();
    expect(auth).toBe('Bearer imp-token');
    expect(window.localStorage.getItem('token')).toBe('admin-token-2');
    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual(admin);
    expect(window.localStorage.getItem('impersonation')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument());
  });

  it('keeps impersonating and shows an error toast when ending fails', async () => {
    seedImpersonation();
    server.use(http.post('*/api/end-impersonation', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Exit Impersonation' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Could not end impersonation')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('imp-token');
    expect(screen.getByRole('region', { name: 'Impersonation' })).toBeInTheDocument();
  });

  it('shows the server message when ending fails with one', async () => {
    seedImpersonation();
    server.use(
      http.post('*/api/end-impersonation', () =>
        HttpResponse.json({ message: 'Not impersonating' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Exit Impersonation' }));
    expect(await screen.findByText('Not impersonating')).toBeInTheDocument();
  });
});

function LogoutButton() {
  const session = useSession();
  return (
    <div>
      <p>status: {session.status}</p>
      <button type="button" onClick={() => void session.logout()}>
        log out
      </button>
    </div>
  );
}

describe('logout()', () => {
  it("ends this browser's push subscription, so a shared browser receives nothing more for this user", async () => {
    restoreAs(makeUser({ username: 'rosa', role: 'user' }));
    const unsubscribe = vi.fn(async () => true);
    const subscription = { endpoint: 'https://push.example/rosa', unsubscribe };
    const getSubscription = vi.fn(async () => subscription);
    const getRegistration = vi.fn(async () => ({ pushManager: { getSubscription } }));
    Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration }, configurable: true });
    let logoutCalls = 0;
    server.use(
      http.post('*/api/logout', () => {
        logoutCalls += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    try {
      const { user } = renderWithSession(<LogoutButton />);
      await screen.findByText('status: signed-in');
      await user.click(screen.getByRole('button', { name: 'log out' }));
      expect(await screen.findByText('Logged out')).toBeInTheDocument();
      expect(unsubscribe).toHaveBeenCalledTimes(1);
      expect(logoutCalls).toBe(1);
      expect(window.localStorage.getItem('token')).toBeNull();
    } finally {
      delete (navigator as unknown as Record<string, unknown>).serviceWorker;
    }
  });
});
