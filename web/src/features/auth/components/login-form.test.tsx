import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageNavigation } from '@/lib/navigation';
import { makeUser, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';

function countLoginRequests() {
  const seen: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/login') seen.push(request);
  });
  return seen;
}

async function fill(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  if (username) await user.type(await screen.findByLabelText('Username'), username);
  if (password) await user.type(await screen.findByLabelText('Password'), password);
}

describe('sign-in page', () => {
  it('shows the form, the Buy a License link and the three selling points', async () => {
    renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Sign in to your garden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    const license = screen.getByRole('link', { name: /Buy a License/ });
    expect(license).toHaveAttribute('target', '_blank');
    expect(license.getAttribute('href')).toMatch(/^https:\/\//);
    expect(screen.getByText('Track plant growth')).toBeInTheDocument();
    expect(screen.getByText(/visual timeline/)).toBeInTheDocument();
    expect(screen.getByText('Care reminders')).toBeInTheDocument();
    expect(screen.getByText('Seasonal planting tips')).toBeInTheDocument();
  });

  it('shows both validation messages and sends nothing when the input is too short', async () => {
    const requests = countLoginRequests();
    const { user } = renderApp('/auth');
    await screen.findByLabelText('Username');
    await fill(user, 'ab', '12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);

    // Empty fields are invalid too.
    await user.clear(screen.getByLabelText('Username'));
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('clears a validation message once the field is fixed', async () => {
    const { user } = renderApp('/auth');
    await fill(user, 'ab', 'secret-pass');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'c');
    expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();
  });

  it('shows "Logging in..." while the request is pending', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/login', async () => {
        await gate;
        return HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 });
      }),
    );
    const { user } = renderApp('/auth');
    await fill(user, 'gardener', 'secret-pass');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const pending = await screen.findByRole('button', { name: 'Logging in...' });
    expect(pending).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('shows the Authentication Failed alert with the server message and a Login failed toast on 401', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Invalid username or password', code: 'unauthorized' }, { status: 401 });
      }),
    );
    const { user } = renderApp('/auth');
    await fill(user, 'gardener', 'wrong-pass');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Authentication Failed');
    expect(alert).toHaveTextContent('Invalid username or password');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(body).toEqual({ username: 'gardener', password: 'wrong-pass' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(pageNavigation.assign).not.toHaveBeenCalled();
  });

  it('shows the server message of other failures (rate limit)', async () => {
    server.use(
      http.post('*/api/login', () =>
        HttpResponse.json({ message: 'Too many failed login attempts. Try again in 15 minutes.' }, { status: 429 }),
      ),
    );
    const { user } = renderApp('/auth');
    await fill(user, 'gardener', 'wrong-pass');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed login attempts. Try again in 15 minutes.');
  });

  it('falls back to "Invalid username or password" when the server sends no message', async () => {
    server.use(http.post('*/api/login', () => new HttpResponse(null, { status: 401, statusText: 'Unauthorized' })));
    const { user } = renderApp('/auth');
    await fill(user, 'gardener', 'wrong-pass');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });

  it('stores token and user and loads / on success', async () => {
    const account = makeUser({ id: 7, username: 'gardener' });
    server.use(http.post('*/api/login', () => HttpResponse.json({ token: 'tok-123', user: account })));
    const { user } = renderApp('/auth?redirect=%2Fplants');
    await fill(user, 'gardener', 'secret-pass-1');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/'));
    expect(window.localStorage.getItem('token')).toBe('tok-123');
    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual(account);
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back, gardener!')).toBeInTheDocument();
    // The toast is carried across the full page load.
    expect(window.sessionStorage.getItem('garden.flashToast')).toContain('Login successful');
  });

  it('sends a signed-in user from /auth to /', async () => {
    const account = makeUser({ username: 'gardener' });
    signInAs(account);
    server.use(http.get('*/api/user', () => HttpResponse.json(account)));
    const { router } = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Your Garden Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
