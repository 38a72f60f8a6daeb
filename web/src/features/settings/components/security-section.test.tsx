import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { instantFromNow } from '@/testing/clock';
import { renderApp } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { describeDevice, type SessionItem, type SignInItem } from '../api/security';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('describeDevice', () => {
  it('names the browser and system', () => {
    expect(describeDevice(FIREFOX)).toBe('Firefox on Linux');
    expect(describeDevice(SAFARI)).toBe('Safari on iOS');
    expect(describeDevice('')).toBe('Unknown device');
    expect(describeDevice('curl/8.0')).toBe('curl/8.0');
  });
});

async function securitySection() {
  return (await screen.findByRole('heading', { name: 'Security' })).closest('section')!;
}

describe('Settings › Security (issue 28)', () => {
  it('turns two-factor sign-in on with the QR code and shows the recovery codes once', async () => {
    let enabled = false;
    const confirmed: unknown[] = [];
    server.use(
      http.get('*/api/user/2fa', () => HttpResponse.json({ totpEnabled: enabled, recoveryCodesLeft: enabled ? 10 : 0, requiredBySite: false })),
      http.post('*/api/user/2fa/totp', () =>
        HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Garden:gardener?secret=JBSWY3DPEHPK3PXP', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }),
      ),
      http.post('*/api/user/2fa/totp/confirm', async ({ request }) => {
        const body = (await request.json()) as { code: string };
        confirmed.push(body);
        if (body.code !== '123456') {
          return HttpResponse.json({ message: 'Invalid verification code', code: 'invalid', errors: { code: 'Invalid verification code' } }, { status: 400 });
        }
        enabled = true;
        return HttpResponse.json({ recoveryCodes: Array.from({ length: 10 }, (_, i) => `code-${i}`) });
      }),
    );
    signedInGardener();
    const { user } = renderApp('/settings');
    const section = await securitySection();
    await user.click(await within(section).findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await within(section).findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Code from your app'), '654321');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByText('Invalid verification code')).toBeInTheDocument();
    await user.clear(within(section).getByLabelText('Code from your app'));
    await user.type(within(section).getByLabelText('Code from your app'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(await within(section).findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(confirmed).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('turns it off with the password', async () => {
    let enabled = true;
    let sent: unknown = null;
    server.use(
      http.get('*/api/user/2fa', () => HttpResponse.json({ totpEnabled: enabled, recoveryCodesLeft: 4, requiredBySite: false })),
      http.delete('*/api/user/2fa/totp', async ({ request }) => {
        sent = await request.json();
        enabled = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signedInGardener();
    const { user } = renderApp('/settings');
    const section = await securitySection();
    expect(await within(section).findByText(/4 recovery codes left/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    await user.type(within(section).getByLabelText('Your password'), 'my-password');
    await user.click(within(section).getAllByRole('button', { name: 'Turn off' }).at(-1)!);
    expect(await within(section).findByText('Only your password protects this account.')).toBeInTheDocument();
    expect(sent).toEqual({ password: 'my-password' });
  });

  it('lists the sessions, signs one out and every other one', async () => {
    let sessions: SessionItem[] = [
      { id: 3, method: 'totp', userAgent: FIREFOX, address: '192.0.2.10', createdAt: instantFromNow(-1), lastSeenAt: instantFromNow(0), expiresAt: instantFromNow(29), current: true },
      { id: 2, method: 'password', userAgent: SAFARI, address: '198.51.100.7', createdAt: instantFromNow(-3), lastSeenAt: instantFromNow(-2), expiresAt: instantFromNow(27), current: false },
      { id: 1, method: 'password', userAgent: 'curl/8.0', address: '203.0.113.5', createdAt: instantFromNow(-5), lastSeenAt: null, expiresAt: instantFromNow(25), current: false },
    ];
    const deleted: string[] = [];
    server.use(
      http.get('*/api/user/sessions', () => HttpResponse.json(sessions)),
      http.delete('*/api/user/sessions/:id', ({ params }) => {
        deleted.push(String(params.id));
        sessions = sessions.filter((x) => String(x.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('*/api/user/sessions/sign-out-others', () => {
        const revoked = sessions.filter((x) => !x.current).length;
        sessions = sessions.filter((x) => x.current);
        return HttpResponse.json({ revoked });
      }),
    );
    signedInGardener();
    const { user } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'Where you are signed in' })).closest('section')!;
    expect(await within(card).findByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(card).getByText('This device')).toBeInTheDocument();
    expect(within(card).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(card).getByText('198.51.100.7')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Sign out Safari on iOS, 198.51.100.7' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(card).queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(deleted).toEqual(['2']);
    await user.click(within(card).getByRole('button', { name: 'Sign out everywhere else' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out of 1 other session')).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByText('curl/8.0')).not.toBeInTheDocument());
    expect(within(card).getByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('lists recent sign-ins with failures and the method, a page at a time', async () => {
    const first: SignInItem[] = [
      { id: 9, at: instantFromNow(0), success: true, method: 'totp', address: '192.0.2.10', userAgent: FIREFOX },
      { id: 8, at: instantFromNow(-1), success: false, method: 'password', address: '203.0.113.66', userAgent: 'python-requests/2.31' },
    ];
    const second: SignInItem[] = [{ id: 7, at: instantFromNow(-2), success: true, method: 'recovery_code', address: '192.0.2.10', userAgent: FIREFOX }];
    server.use(
      http.get('*/api/user/sign-ins', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'c2'
          ? HttpResponse.json(second)
          : HttpResponse.json(first, { headers: { 'X-Next-Cursor': 'c2' } }),
      ),
    );
    signedInGardener();
    const { user } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'Recent sign-ins' })).closest('section')!;
    expect(await within(card).findByText('Failed')).toBeInTheDocument();
    expect(within(card).getByText('203.0.113.66')).toBeInTheDocument();
    expect(within(card).getByText('Password and app code')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /load more/i }));
    expect(await within(card).findByText('Password and recovery code')).toBeInTheDocument();
  });

  it('shows the error state with Try again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/user/sessions', () =>
        fail ? HttpResponse.json({ message: 'Internal error.', code: 'internal' }, { status: 500 }) : HttpResponse.json([]),
      ),
    );
    signedInGardener();
    const { user } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'Where you are signed in' })).closest('section')!;
    expect(await within(card).findByText('Failed to load sessions')).toBeInTheDocument();
    fail = false;
    await user.click(within(card).getByRole('button', { name: /try again/i }));
    expect(await within(card).findByText('No open sessions')).toBeInTheDocument();
  });

  it('lets a site admin require two-factor sign-in of the site’s users', async () => {
    let required = false;
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/sites/4/security', () => HttpResponse.json({ requireTwoFactor: required })),
      http.put('*/api/sites/4/security', async ({ request }) => {
        const body = (await request.json()) as { requireTwoFactor: boolean };
        sent.push(body);
        required = body.requireTwoFactor;
        return HttpResponse.json(body);
      }),
    );
    signedInGardener({ isSiteAdmin: true, siteId: 4 });
    const { user } = renderApp('/settings');
    const card = (await screen.findByRole('heading', { name: 'Your site’s sign-in' })).closest('section')!;
    const toggle = await within(card).findByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ requireTwoFactor: true }]));
    await waitFor(() => expect(within(card).getByRole('switch', { name: 'Require two-factor sign-in' })).toBeChecked());
  });

  it('shows no site switch to a gardener who administers no site', async () => {
    signedInGardener();
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Recent sign-ins' });
    expect(screen.queryByRole('heading', { name: 'Your site’s sign-in' })).not.toBeInTheDocument();
  });
});
