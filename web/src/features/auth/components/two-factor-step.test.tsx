import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageNavigation } from '@/lib/navigation';
import { makeUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Username'), 'gardener');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('sign-in with a second factor (issue 28)', () => {
  it('asks for the code after the password, shows a wrong code, and signs in with the right one', async () => {
    const account = makeUser({ id: 7, username: 'gardener' });
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ twoFactor: 'required', ticket: 'ticket-1' })),
      http.post('*/api/login/2fa', async ({ request }) => {
        const body = (await request.json()) as { ticket: string; code: string };
        sent.push(body);
        if (body.code !== '123456') {
          return HttpResponse.json({ message: 'Invalid verification code', code: 'unauthorized', errors: { code: 'Invalid verification code' } }, { status: 401 });
        }
        return HttpResponse.json({ token: 'tok-2fa', user: account });
      }),
    );
    const { user } = renderApp('/auth');
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(pageNavigation.assign).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/'));
    expect(window.localStorage.getItem('token')).toBe('tok-2fa');
    expect(sent).toEqual([
      { ticket: 'ticket-1', code: '000000' },
      { ticket: 'ticket-1', code: '123456' },
    ]);
  });

  it('goes back to the password form', async () => {
    server.use(http.post('*/api/login', () => HttpResponse.json({ twoFactor: 'required', ticket: 'ticket-1' })));
    const { user } = renderApp('/auth');
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('enrols during sign-in when the site requires it, and shows the recovery codes before going on', async () => {
    const account = makeUser({ id: 7, username: 'gardener' });
    const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkl-mno${i}`);
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ twoFactor: 'setup', ticket: 'ticket-s' })),
      http.post('*/api/login/2fa/setup', () =>
        HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Garden:gardener?secret=JBSWY3DPEHPK3PXP', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }),
      ),
      http.post('*/api/login/2fa', () => HttpResponse.json({ token: 'tok-new', user: account, recoveryCodes: codes })),
    );
    const { user } = renderApp('/auth');
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByLabelText('Secret key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(pageNavigation.assign).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'I saved them, continue' }));
    await waitFor(() => expect(pageNavigation.assign).toHaveBeenCalledWith('/'));
    expect(window.localStorage.getItem('token')).toBe('tok-new');
  });
});
