import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageNavigation } from '@/lib/navigation';
import { makeUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';

describe('single sign-on', () => {
  it('offers "Sign in with <name>" when the server has a provider, and goes there with the flow kept', async () => {
    server.use(
      http.get('*/api/login/options', () => HttpResponse.json({ password: true, oidc: { name: 'Household ID' } })),
      http.post('*/api/login/oidc/begin', () => HttpResponse.json({ flow: 'flow-1', url: 'https://id.example/authorize?state=s' })),
    );
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Household ID' }));
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('https://id.example/authorize?state=s'));
    expect(sessionStorage.getItem('garden.oidcFlow')).toBe('flow-1');
  });

  it('shows no provider button when single sign-on is off', async () => {
    renderApp('/auth');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with (?!a passkey)/ })).not.toBeInTheDocument();
  });

  it('finishes the callback once with the flow, state and code, and asks for the password to link', async () => {
    sessionStorage.setItem('garden.oidcFlow', 'flow-2');
    const finishes: unknown[] = [];
    const links: unknown[] = [];
    server.use(
      http.post('*/api/login/oidc/finish', async ({ request }) => {
        finishes.push(await request.json());
        return HttpResponse.json({ link: { ticket: 't-1', username: 'dave' } });
      }),
      http.post('*/api/login/oidc/link', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        links.push(body);
        if (body.password !== 'right-password') {
          return HttpResponse.json({ message: 'Wrong password', code: 'unauthorized', errors: { password: 'Wrong password' } }, { status: 401 });
        }
        return HttpResponse.json({ token: 'tok', user: makeUser({ username: 'dave' }) });
      }),
    );
    const { user } = renderApp('/login/oidc?state=st&code=co');
    expect(await screen.findByText(/already uses this e-mail address/)).toBeInTheDocument();
    expect(finishes).toEqual([{ flow: 'flow-2', state: 'st', code: 'co' }]);
    expect(sessionStorage.getItem('garden.oidcFlow')).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect((await screen.findAllByText('Wrong password')).length).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/'));
    expect(links).toHaveLength(2);
  });

  it("shows the provider's refusal and the way back", async () => {
    renderApp('/login/oidc?error=access_denied&error_description=The%20user%20cancelled');
    expect(await screen.findByText('The user cancelled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/auth');
  });
});
