import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session';
import { db } from '@/testing/mock-api';
import { FAKE_ENDPOINT, installFakePush, makeDevice, type FakePush } from '@/testing/notifications';
import { renderWithSession } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { CORNER_TEXT, MODAL_TEXT, NotificationPrompt, promptVariant } from './notification-prompt';
import { PushSubscriptionSync } from './push-sync';
import {
  CORNER_PROMPT_DELAY_MS,
  MODAL_PROMPT_DELAY_MS,
  PROMPT_KEYS,
  PROMPT_SUCCESS_CLOSE_MS,
  resetPromptedOnNewDay,
  shouldPrompt,
} from './prompt-storage';

let push: FakePush | null = null;

afterEach(() => {
  vi.useRealTimers();
  push?.uninstall();
  push = null;
});

/** Renders the prompt once the session is signed in, with fake timers from then on. */
function Harness({ children = <NotificationPrompt /> }: { children?: React.ReactNode }) {
  const { status } = useSession();
  const [show, setShow] = useState(false);
  return (
    <>
      <p>{status}</p>
      <button type="button" onClick={() => setShow(true)}>
        mount prompt
      </button>
      {show ? children : null}
    </>
  );
}

async function mountPrompt(path: string, now = new Date('2026-11-21T10:00:00')) {
  const view = renderWithSession(<Harness />, path);
  await screen.findByText('signed-in');
  vi.useFakeTimers({ now });
  fireEvent.click(screen.getByRole('button', { name: 'mount prompt' }));
  return view;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const corner = () => screen.queryByRole('dialog', { name: 'Turn on notifications' });
const stored = (key: string) => window.localStorage.getItem(key);
const posts = (path: string) => db.requests.filter((r) => r.method === 'POST' && r.path === path);

/** Lets promise chains with mock-API calls finish (the clock is fake). */
async function settle() {
  for (let i = 0; i < 20; i++) await advance(0);
}

describe('notification prompt: when it appears (spec 01 §4, §9)', () => {
  it('the dashboard asks with the modal, other pages with the corner prompt', () => {
    expect(promptVariant('/')).toBe('modal');
    expect(promptVariant('/plants')).toBe('corner');
    expect(promptVariant('/schedule')).toBe('corner');
  });

  it('shows the corner prompt after 5 s, not before', async () => {
    push = installFakePush();
    signedInGardener();
    await mountPrompt('/plants');
    await advance(CORNER_PROMPT_DELAY_MS - 1);
    expect(corner()).toBeNull();
    await advance(1);
    expect(corner()).toBeInTheDocument();
    expect(screen.getByText(CORNER_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
    expect(push.requests).toBe(0);
  });

  it('shows the modal on the dashboard after 3 s, with the spec text and buttons', async () => {
    push = installFakePush();
    signedInGardener();
    await mountPrompt('/');
    await advance(MODAL_PROMPT_DELAY_MS - 1);
    expect(screen.queryByText(MODAL_TEXT)).toBeNull();
    await advance(1);
    expect(screen.getByRole('dialog', { name: 'Turn on notifications' })).toBeInTheDocument();
    expect(screen.getByText(MODAL_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maybe later' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable notifications' })).toBeInTheDocument();
  });

  it('shows nothing when push is not supported', async () => {
    signedInGardener();
    await mountPrompt('/');
    await advance(10_000);
    expect(corner()).toBeNull();
    expect(screen.queryByText(MODAL_TEXT)).toBeNull();
    expect(db.requests.some((r) => r.path.startsWith('/api/notifications'))).toBe(false);
  });

  it.each(['granted', 'denied'] as const)('shows nothing when the permission is already %s', async (permission) => {
    push = installFakePush({ permission });
    signedInGardener();
    await mountPrompt('/plants');
    await advance(10_000);
    expect(corner()).toBeNull();
  });

  it('shows nothing while impersonating', async () => {
    push = installFakePush();
    signedInGardener();
    window.localStorage.setItem(
      'impersonation',
      JSON.stringify({ isImpersonating: true, originalUser: { id: 1, username: 'admin', role: 'superadmin' } }),
    );
    await mountPrompt('/plants');
    await advance(10_000);
    expect(corner()).toBeNull();
  });

  it('a dismissed prompt (refused in the modal) never comes back, even on a later day', async () => {
    push = installFakePush();
    signedInGardener();
    await mountPrompt('/');
    await advance(MODAL_PROMPT_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Maybe later' }));
    await settle();
    expect(screen.queryByText(MODAL_TEXT)).toBeNull();
    expect(stored(PROMPT_KEYS.dismissed)).toBe('true');
    expect(stored(PROMPT_KEYS.prompted)).toBe('true');
    expect(stored(PROMPT_KEYS.promptedDate)).toBe('2026-11-21');
    expect(push.requests).toBe(0);
    expect(shouldPrompt('default', new Date('2026-11-25T09:00:00'))).toBe(false);
  });
});

describe('notification prompt: the prompted date (daily reset)', () => {
  it('"Not now" stores prompted with today; no prompt again that day; the next day it asks again', async () => {
    push = installFakePush();
    signedInGardener();
    const first = await mountPrompt('/plants', new Date('2026-11-21T10:00:00'));
    await advance(CORNER_PROMPT_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await settle();
    expect(corner()).toBeNull();
    expect(stored(PROMPT_KEYS.prompted)).toBe('true');
    expect(stored(PROMPT_KEYS.promptedDate)).toBe('2026-11-21');
    expect(stored(PROMPT_KEYS.dismissed)).toBeNull();
    first.unmount();
    vi.useRealTimers();

    // Later the same day: no prompt.
    const second = await mountPrompt('/plants', new Date('2026-11-21T23:59:00'));
    await advance(10_000);
    expect(corner()).toBeNull();
    second.unmount();
    vi.useRealTimers();

    // A new day: the prompted flag and date are forgotten and the prompt returns.
    await mountPrompt('/plants', new Date('2026-11-22T00:01:00'));
    expect(stored(PROMPT_KEYS.prompted)).toBeNull();
    expect(stored(PROMPT_KEYS.promptedDate)).toBeNull();
    await advance(CORNER_PROMPT_DELAY_MS);
    expect(corner()).toBeInTheDocument();
  });

  it('resetPromptedOnNewDay keeps today and drops any other day', () => {
    window.localStorage.setItem(PROMPT_KEYS.prompted, 'true');
    window.localStorage.setItem(PROMPT_KEYS.promptedDate, '2026-11-21');
    resetPromptedOnNewDay(new Date('2026-11-21T18:00:00'));
    expect(stored(PROMPT_KEYS.prompted)).toBe('true');
    resetPromptedOnNewDay(new Date('2026-11-22T00:00:01'));
    expect(stored(PROMPT_KEYS.prompted)).toBeNull();
    expect(stored(PROMPT_KEYS.promptedDate)).toBeNull();
  });
});

describe('notification prompt: outcomes', () => {
  it('enabling asks, subscribes, registers the device, toasts and closes after 2 s', async () => {
    push = installFakePush({ requestResult: 'granted' });
    signedInGardener();
    await mountPrompt('/');
    await advance(MODAL_PROMPT_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    await settle();
    expect(push.requests).toBe(1);
    const [register] = posts('/api/notifications/register-device');
    expect(register?.body).toMatchObject({
      playerId: FAKE_ENDPOINT,
      deviceName: expect.any(String),
      deviceInfo: { userAgent: expect.any(String) },
      subscription: { endpoint: FAKE_ENDPOINT, keys: { p256dh: expect.any(String), auth: expect.any(String) } },
    });
    expect(db.devices.map((d) => d.playerId)).toEqual([FAKE_ENDPOINT]);
    expect(screen.getAllByText('Notifications enabled!').length).toBeGreaterThan(0);
    expect(screen.getAllByText("You'll now receive important plant care reminders and updates.").length).toBeGreaterThan(0);
    expect(stored(PROMPT_KEYS.prompted)).toBe('true');
    expect(stored(PROMPT_KEYS.dismissed)).toBeNull();

    await advance(PROMPT_SUCCESS_CLOSE_MS - 1);
    expect(screen.getByRole('dialog', { name: 'Turn on notifications' })).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByRole('dialog', { name: 'Turn on notifications' })).toBeNull();
  });

  it('a refused permission shows "Permission denied"; in the modal it also stores dismissed', async () => {
    push = installFakePush({ requestResult: 'denied' });
    signedInGardener();
    await mountPrompt('/');
    await advance(MODAL_PROMPT_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    await settle();
    expect(screen.getAllByText('Permission denied').length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('You can enable notifications later in your browser settings or the Settings page.').length,
    ).toBeGreaterThan(0);
    expect(posts('/api/notifications/register-device')).toHaveLength(0);
    expect(stored(PROMPT_KEYS.dismissed)).toBe('true');
    fireEvent.click(screen.getByText('Close', { selector: 'button' }));
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Turn on notifications' })).toBeNull();
  });

  it('the corner prompt, refused, only stores prompted for the day', async () => {
    push = installFakePush({ requestResult: 'default' });
    signedInGardener();
    await mountPrompt('/journal');
    await advance(CORNER_PROMPT_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await settle();
    expect(screen.getAllByText('Permission denied').length).toBeGreaterThan(0);
    expect(stored(PROMPT_KEYS.prompted)).toBe('true');
    expect(stored(PROMPT_KEYS.dismissed)).toBeNull();
  });

  it('a registration failure says "Registration failed"', async () => {
    push = installFakePush({ requestResult: 'granted' });
    push.subscribeError = new Error('push service not available');
    signedInGardener();
    await mountPrompt('/plants');
    await advance(CORNER_PROMPT_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await settle();
    expect(screen.getAllByText('Registration failed').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Failed to register device for notifications.').length).toBeGreaterThan(0);
  });
});

describe('push subscription sync (spec 01 §4)', () => {
  async function mountSync() {
    renderWithSession(
      <Harness>
        <PushSubscriptionSync />
      </Harness>,
      '/',
    );
    await screen.findByText('signed-in');
    fireEvent.click(screen.getByRole('button', { name: 'mount prompt' }));
  }

  it('registers the current subscription when the device list lacks it', async () => {
    push = installFakePush({ permission: 'granted', subscribed: true });
    signedInGardener();
    db.devices = [makeDevice({ playerId: 'https://push.example.test/send/other' })];
    await mountSync();
    expect(await screen.findByText('Device registered')).toBeInTheDocument();
    expect(screen.getByText('Your device is now registered for notifications.')).toBeInTheDocument();
    expect(posts('/api/notifications/register-device')).toHaveLength(1);
    expect(db.devices.map((d) => d.playerId)).toContain(FAKE_ENDPOINT);
  });

  it('does nothing when the device is listed already, or without permission', async () => {
    push = installFakePush({ permission: 'granted', subscribed: true });
    signedInGardener();
    db.devices = [makeDevice({ playerId: FAKE_ENDPOINT })];
    await mountSync();
    await vi.waitFor(() => expect(db.requests.some((r) => r.path === '/api/notifications/devices')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(posts('/api/notifications/register-device')).toHaveLength(0);
  });

  it('registers again after the service worker reports a new subscription', async () => {
    push = installFakePush({ permission: 'granted', subscribed: true });
    signedInGardener();
    db.devices = [makeDevice({ playerId: FAKE_ENDPOINT })];
    await mountSync();
    await vi.waitFor(() => expect(db.requests.some((r) => r.path === '/api/notifications/devices')).toBe(true));
    db.devices = [];
    await act(async () => {
      push!.postMessage({ type: 'garden:subscription-change' });
    });
    // The device list is read again; it now lacks this browser, which is registered.
    await vi.waitFor(() => expect(posts('/api/notifications/register-device')).toHaveLength(1));
    expect(db.devices.map((d) => d.playerId)).toEqual([FAKE_ENDPOINT]);
  });
});
