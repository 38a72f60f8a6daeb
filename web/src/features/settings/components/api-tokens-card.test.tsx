import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { translateMessage } from '@/lib/i18n/i18n';
import { apiTokenSchema, type ApiToken } from '../api/api-tokens';

describe('apiTokenSchema', () => {
  it('carries the server messages', () => {
    const issue = (v: unknown) => {
      const r = apiTokenSchema.safeParse(v);
      return r.success ? '' : translateMessage(r.error.issues[0]!.message);
    };
    expect(issue({ name: ' ', scope: 'read', expiresInDays: 30, password: 'pw' })).toBe('Token name must be 1 to 100 characters');
    expect(issue({ name: 'x'.repeat(101), scope: 'read', expiresInDays: 30, password: 'pw' })).toBe('Token name must be 1 to 100 characters');
    expect(issue({ name: 'ok', scope: 'root', expiresInDays: 30, password: 'pw' })).toBe('Scope must be read or write');
    expect(issue({ name: 'ok', scope: 'read', expiresInDays: 400, password: 'pw' })).toBe('Expiry must be between 1 and 365 days');
    expect(issue({ name: 'ok', scope: 'read', expiresInDays: 30, password: '' })).toBe('Enter your password to create an API token');
    expect(apiTokenSchema.parse({ name: ' Home ', scope: 'write', expiresInDays: '30', password: 'pw' })).toEqual({
      name: 'Home',
      scope: 'write',
      expiresInDays: 30,
      password: 'pw',
    });
  });
});

describe('Settings › API tokens', () => {
  it('links the API reference (issue 27)', async () => {
    server.use(http.get('*/api/user/tokens', () => HttpResponse.json([])));
    signedInGardener();
    const { user, router } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'API tokens' })).closest('section')!;
    const link = within(card).getByRole('link', { name: 'API reference' });
    expect(link).toHaveAttribute('href', '/api/docs');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/api/docs'));
  });

  it('creates a token, shows it once, lists it without it, and revokes it after a confirmation', async () => {
    let tokens: ApiToken[] = [];
    const posted: unknown[] = [];
    server.use(
      http.get('*/api/user/tokens', () => HttpResponse.json(tokens)),
      http.post('*/api/user/tokens', async ({ request }) => {
        const body = (await request.json()) as { name: string; scope: 'read' | 'write'; expiresInDays: number; password: string };
        posted.push(body);
        if (body.password !== 'my-password') {
          const message = 'Your password is incorrect: no token was created';
          return HttpResponse.json({ message, code: 'forbidden', errors: { password: message } }, { status: 403 });
        }
        const t: ApiToken = { id: 9, name: body.name, scope: body.scope, createdAt: '2026-11-24T10:00:00Z', expiresAt: '2027-02-22T10:00:00Z', lastUsedAt: null };
        tokens = [t];
        return HttpResponse.json({ ...t, token: 'gdn_secret-value' }, { status: 201 });
      }),
      http.delete('*/api/user/tokens/9', () => {
        tokens = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signedInGardener();
    const { user } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'API tokens' })).closest('section')!;
    expect(await within(card).findByText('No API tokens')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'New token' }));
    await user.click(within(card).getByRole('button', { name: 'Create token' }));
    expect(await within(card).findByText('Token name must be 1 to 100 characters')).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Name'), 'Home Assistant');
    await user.selectOptions(within(card).getByLabelText('Access'), 'write');
    await user.click(within(card).getByRole('button', { name: 'Create token' }));
    expect(await within(card).findByText('Enter your password to create an API token')).toBeInTheDocument();
    expect(posted).toEqual([]);

    // A wrong password: the server's message shows on the field, and no token appears.
    await user.type(within(card).getByLabelText('Your password'), 'wrong');
    await user.click(within(card).getByRole('button', { name: 'Create token' }));
    expect(await within(card).findByText('Your password is incorrect: no token was created')).toBeInTheDocument();
    expect(within(card).queryByLabelText('New API token')).not.toBeInTheDocument();

    await user.clear(within(card).getByLabelText('Your password'));
    await user.type(within(card).getByLabelText('Your password'), 'my-password');
    await user.click(within(card).getByRole('button', { name: 'Create token' }));

    expect(await within(card).findByLabelText('New API token')).toHaveTextContent('gdn_secret-value');
    expect(posted).toEqual([
      { name: 'Home Assistant', scope: 'write', expiresInDays: 90, password: 'wrong' },
      { name: 'Home Assistant', scope: 'write', expiresInDays: 90, password: 'my-password' },
    ]);
    expect(await within(card).findByText('Read and write')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Done' }));
    expect(within(card).queryByText('gdn_secret-value')).not.toBeInTheDocument();
    expect(within(card).getByText('Never used')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Revoke Home Assistant' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(within(card).getByText('No API tokens')).toBeInTheDocument());
  });
});
