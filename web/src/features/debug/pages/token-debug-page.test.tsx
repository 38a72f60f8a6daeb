import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, signInAs } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';

describe('token debug page', () => {
  it('shows the user, the token and a successful server check', async () => {
    const account = makeUser({ username: 'gardener' });
    signInAs(account, 'tok-abc');
    let auth: string | null = null;
    server.use(
      http.get('*/api/user', () => HttpResponse.json(account)),
      http.get('*/api/auth-check', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ authenticated: true });
      }),
    );
    const { user } = renderApp('/debug/token');
    expect(await screen.findByRole('heading', { name: 'Token Debug' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current user object')).toHaveTextContent('"username": "gardener"');
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByLabelText('Stored token')).toHaveTextContent('tok-abc');
    await user.click(screen.getByRole('button', { name: 'Check Authentication' }));
    expect(await screen.findAllByText('Successfully authenticated with the server')).not.toHaveLength(0);
    expect(await screen.findByLabelText('Server result')).toHaveTextContent('"authenticated": true');
    expect(auth).toBe('Bearer tok-abc');
  });

  it('works signed out: no token, and the server says not authenticated', async () => {
    const { user } = renderApp('/debug/token');
    expect(await screen.findByText('No token is stored in this browser.')).toBeInTheDocument();
    expect(screen.getByText('No')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Authentication' }));
    expect(await screen.findAllByText('Failed to authenticate with the server')).not.toHaveLength(0);
  });

  it('reports an HTTP error as "Server returned {status}: {text}"', async () => {
    server.use(
      http.get('*/api/auth-check', () => new HttpResponse('', { status: 500, statusText: 'Internal Server Error' })),
    );
    const { user } = renderApp('/debug/token');
    await user.click(await screen.findByRole('button', { name: 'Check Authentication' }));
    expect(await screen.findAllByText('Authentication Check Failed')).not.toHaveLength(0);
    expect(screen.getAllByText('Server returned 500: Internal Server Error')).not.toHaveLength(0);
  });
});
