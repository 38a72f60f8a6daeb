import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCompleteCareTask } from '@/api/care-tasks/complete-care-task';
import { useCreatePlant } from '@/api/plants/create-plant';
import { AppProvider } from '@/app/provider';
import { noteGardenSuccess } from '@/lib/garden-success';
import { useSession } from '@/lib/session';
import { TEST_NOW, dayFromNow } from '@/testing/clock';
import { makeTask } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { FAKE_ENDPOINT, installFakePush, makeDevice, type FakePush } from '@/testing/notifications';
import { renderApp, renderWithSession } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { NotificationPrompt } from './notification-prompt';

/** The spec's prompt text (spec 01 §2). */
const PROMPT_TEXT =
  'Enable notifications to receive care reminders for your plants. Never miss a watering or maintenance task again!';
import { PushSubscriptionSync } from './push-sync';
import { PROMPT_KEYS, PROMPT_SNOOZE_DAYS, PROMPT_SUCCESS_CLOSE_MS, markPrompted, shouldPrompt } from './prompt-storage';

let push: FakePush | null = null;

afterEach(() => {
  push?.uninstall();
  push = null;
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(TEST_NOW.getTime() + days * DAY_MS);

/** Renders the prompt once the session is signed in (mount), at path. */
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

async function mountPrompt(path: string) {
  const view = renderWithSession(<Harness />, path);
  await screen.findByText('signed-in');
  fireEvent.click(screen.getByRole('button', { name: 'mount prompt' }));
  return view;
}

const card = () => screen.queryByRole('region', { name: 'Turn on notifications' });
const stored = (key: string) => window.localStorage.getItem(key);
const posts = (path: string) => db.requests.filter((r) => r.method === 'POST' && r.path === path);

/** A success on the current page, then the gardener opens another one. */
async function succeedThenOpen(router: { navigate: (to: string) => Promise<void> }, next: string) {
  act(() => noteGardenSuccess());
  await act(() => router.navigate(next));
}

describe('notification prompt: it waits its turn (issue 27)', () => {
  it('never asks on landing: no success, no card, however long the gardener stays', async () => {
    push = installFakePush();
    signedInGardener();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Your Garden Dashboard' });
    await new Promise((r) => setTimeout(r, 3500));
    expect(card()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(push.requests).toBe(0);
  });

  it('after a success, asks at the top of the next page, in its flow, not in a dialog', async () => {
    push = installFakePush();
    signedInGardener();
    const { router } = renderApp('/plants');
    await screen.findByRole('heading', { name: 'My Plants', level: 1 });
    act(() => noteGardenSuccess());
    // Not on the page of the success: nothing moves under the gardener's next click.
    await new Promise((r) => setTimeout(r, 300));
    expect(card()).toBeNull();
    await act(() => router.navigate('/schedule'));
    const region = await screen.findByRole('region', { name: 'Turn on notifications' });
    expect(region).toHaveTextContent(PROMPT_TEXT);
    expect(screen.getByRole('button', { name: 'Not now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable notifications' })).toBeInTheDocument();
    expect(region.closest('[role="dialog"]')).toBeNull();
    const main = screen.getByRole('main');
    expect(main.contains(region)).toBe(true);
    expect(main.firstElementChild).toBe(region);
    expect(getComputedStyle(region).position).not.toBe('fixed');
    expect(push.requests).toBe(0);
  });

  it('a success from an earlier visit asks on the next page opened, not over the first one', async () => {
    push = installFakePush();
    signedInGardener();
    window.localStorage.setItem(PROMPT_KEYS.earned, 'true');
    const { router } = await mountPrompt('/journal');
    await new Promise((r) => setTimeout(r, 200));
    expect(card()).toBeNull();
    await act(() => router.navigate('/plants'));
    expect(await screen.findByRole('region', { name: 'Turn on notifications' })).toBeInTheDocument();
  });

  it('a plant added and a task completed (Water Now completes one) count as successes', async () => {
    signedInGardener();
    const wrapper = ({ children }: { children: React.ReactNode }) => <AppProvider swrCache={() => new Map()}>{children}</AppProvider>;
    const create = renderHook(() => useCreatePlant(), { wrapper });
    await act(() => create.result.current.trigger({ name: 'Basil', plantType: 'Herbs' } as never));
    expect(stored(PROMPT_KEYS.earned)).toBe('true');

    window.localStorage.removeItem(PROMPT_KEYS.earned);
    db.tasks = [makeTask({ id: 41, scheduledDate: dayFromNow(0) })];
    const complete = renderHook(() => useCompleteCareTask(), { wrapper });
    await act(() => complete.result.current.trigger({ id: 41 }));
    expect(stored(PROMPT_KEYS.earned)).toBe('true');
  });

  it('shows nothing when push is not supported, even after a success', async () => {
    signedInGardener();
    const { router } = await mountPrompt('/plants');
    await succeedThenOpen(router, '/schedule');
    await new Promise((r) => setTimeout(r, 200));
    expect(card()).toBeNull();
    expect(db.requests.some((r) => r.path.startsWith('/api/notifications'))).toBe(false);
  });

  it.each(['granted', 'denied'] as const)('shows nothing when the permission is already %s', async (permission) => {
    push = installFakePush({ permission });
    signedInGardener();
    const { router } = await mountPrompt('/plants');
    await succeedThenOpen(router, '/schedule');
    await new Promise((r) => setTimeout(r, 200));
    expect(card()).toBeNull();
  });

  it('shows nothing while impersonating', async () => {
    push = installFakePush();
    signedInGardener();
    window.localStorage.setItem(
      'impersonation',
      JSON.stringify({ isImpersonating: true, originalUser: { id: 1, username: 'admin', role: 'superadmin' } }),
    );
    const { router } = await mountPrompt('/plants');
    await succeedThenOpen(router, '/schedule');
    await new Promise((r) => setTimeout(r, 200));
    expect(card()).toBeNull();
  });
});

describe('notification prompt: never twice in a week after "Not now"', () => {
  it('"Not now" stores prompted with today and spends the success; a new success does not bring it back that week', async () => {
    push = installFakePush();
    signedInGardener();
    const { router } = await mountPrompt('/plants');
    await succeedThenOpen(router, '/schedule');
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(card()).toBeNull());
    expect(stored(PROMPT_KEYS.prompted)).toBe('true');
    expect(stored(PROMPT_KEYS.promptedDate)).toBe(dayFromNow(0));
    expect(stored(PROMPT_KEYS.dismissed)).toBeNull();
    expect(stored(PROMPT_KEYS.earned)).toBeNull();
    await succeedThenOpen(router, '/journal');
    await new Promise((r) => setTimeout(r, 200));
    expect(card()).toBeNull();
    expect(push.requests).toBe(0);
  });

  it(`asks again after ${PROMPT_SNOOZE_DAYS} days, and only after a new success`, () => {
    markPrompted(TEST_NOW);
    for (let day = 0; day < PROMPT_SNOOZE_DAYS; day++) {
      window.localStorage.setItem(PROMPT_KEYS.earned, 'true');
      expect(shouldPrompt('default', daysFromNow(day)), `day ${day}`).toBe(false);
    }
    window.localStorage.removeItem(PROMPT_KEYS.earned);
    expect(shouldPrompt('default', daysFromNow(PROMPT_SNOOZE_DAYS))).toBe(false);
    window.localStorage.setItem(PROMPT_KEYS.earned, 'true');
    expect(shouldPrompt('default', daysFromNow(PROMPT_SNOOZE_DAYS))).toBe(true);
    expect(stored(PROMPT_KEYS.prompted)).toBeNull();
    expect(stored(PROMPT_KEYS.promptedDate)).toBeNull();
  });

  it('a refused browser permission stops the prompt for good', () => {
    window.localStorage.setItem(PROMPT_KEYS.earned, 'true');
    window.localStorage.setItem(PROMPT_KEYS.dismissed, 'true');
    expect(shouldPrompt('default', daysFromNow(365))).toBe(false);
  });
});

describe('notification prompt: outcomes', () => {
  async function openCard(options: Parameters<typeof installFakePush>[0]) {
    push = installFakePush(options);
    signedInGardener();
    const view = await mountPrompt('/plants');
    await succeedThenOpen(view.router, '/schedule');
    await screen.findByRole('region', { name: 'Turn on notifications' });
    return push;
  }

  it('enabling asks, subscribes, registers the device, toasts and closes after 2 s', async () => {
    const fake = await openCard({ requestResult: 'granted' });
    fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(await screen.findByRole('region', { name: 'Notifications enabled!' })).toBeInTheDocument();
    expect(fake.requests).toBe(1);
    const [register] = posts('/api/notifications/register-device');
    expect(register?.body).toMatchObject({
      playerId: FAKE_ENDPOINT,
      deviceName: expect.any(String),
      deviceInfo: { userAgent: expect.any(String) },
      subscription: { endpoint: FAKE_ENDPOINT, keys: { p256dh: expect.any(String), auth: expect.any(String) } },
    });
    expect(db.devices.map((d) => d.playerId)).toEqual([FAKE_ENDPOINT]);
    expect(screen.getAllByText("You'll now receive important plant care reminders and updates.").length).toBeGreaterThan(0);
    expect(stored(PROMPT_KEYS.prompted)).toBe('true');
    expect(stored(PROMPT_KEYS.dismissed)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notifications enabled!' })).toBeNull(), {
      timeout: PROMPT_SUCCESS_CLOSE_MS + 1500,
    });
  });

  it('a refused permission shows "Permission denied" and stores dismissed', async () => {
    await openCard({ requestResult: 'denied' });
    fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(await screen.findByRole('region', { name: 'Permission denied' })).toBeInTheDocument();
    expect(
      screen.getAllByText('You can enable notifications later in your browser settings or the Settings page.').length,
    ).toBeGreaterThan(0);
    expect(posts('/api/notifications/register-device')).toHaveLength(0);
    expect(stored(PROMPT_KEYS.dismissed)).toBe('true');
    fireEvent.click(screen.getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Permission denied' })).toBeNull());
  });

  it('a closed browser question (no answer) only stores prompted, for the snooze', async () => {
    await openCard({ requestResult: 'default' });
    fireEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(await screen.findByRole('region', { name: 'Permission denied' })).toBeInTheDocument();
    expect(stored(PROMPT_KEYS.prompted)).toBe('true');
    expect(stored(PROMPT_KEYS.dismissed)).toBeNull();
  });

  it('a registration failure says "Registration failed"', async () => {
    const fake = installFakePush({ requestResult: 'granted' });
    fake.subscribeError = new Error('push service not available');
    push = fake;
    signedInGardener();
    const view = await mountPrompt('/plants');
    await succeedThenOpen(view.router, '/schedule');
    fireEvent.click(await screen.findByRole('button', { name: 'Enable notifications' }));
    expect(await screen.findByRole('region', { name: 'Registration failed' })).toBeInTheDocument();
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
