import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('Settings › Your data', () => {
  it('downloads the export under the name the server gives', async () => {
    signedInGardener();
    const created = vi.fn(() => 'blob:garden-data');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toEqual(['garden-data-gardener.zip']));
    expect(created).toHaveBeenCalledTimes(1);
  });
});

describe('Settings › Delete account', () => {
  it('asks for the password and a confirmation, then deletes the account and signs out', async () => {
    signedInGardener();
    let body: unknown;
    server.use(
      http.delete('*/api/user', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Delete account' });
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByText('Enter your password to delete your account')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Password'), 'long-secret-1');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account for good?' });
    expect(within(dialog).getByText(/shown as by “Deleted user”/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(body).toEqual({ password: 'long-secret-1' });
  });

  it('shows a wrong password under the field and keeps the account', async () => {
    signedInGardener();
    server.use(
      http.delete('*/api/user', () =>
        HttpResponse.json({ message: 'Your password is incorrect', code: 'invalid', errors: { password: 'Your password is incorrect' } }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Delete account' });
    await user.type(within(form).getByLabelText('Password'), 'nope');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByText('Your password is incorrect')).toBeInTheDocument();
  });

  it('tells a superadmin why they cannot delete their account here', async () => {
    signedInGardener({ role: 'superadmin' });
    renderApp('/settings');
    expect(await screen.findByText(/Superadmin accounts cannot be deleted here/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Delete account' })).not.toBeInTheDocument();
  });
  it('an account made by single sign-on confirms with a fresh sign-in, not a password', async () => {
    signedInGardener();
    server.use(
      http.get('*/api/user/identities', () => HttpResponse.json({ provider: 'Authelia', hasPassword: false, identities: [] })),
      http.delete('*/api/user', () =>
        HttpResponse.json(
          { message: 'Sign in again with your identity provider, then delete your account within 10 minutes', code: 'forbidden' },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Delete account' });
    expect(await within(form).findByText(/signs in with Authelia and has no password/)).toBeInTheDocument();
    expect(within(form).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await within(form).findByText('Sign in again with your identity provider, then delete your account within 10 minutes')).toBeInTheDocument();
  });
});
