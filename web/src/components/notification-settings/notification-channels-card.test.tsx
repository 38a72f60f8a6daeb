import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@/api/types';
import { db } from '@/testing/mock-api';
import { FAKE_ENDPOINT, installFakePush, makeDevice, type FakePush } from '@/testing/notifications';
import { renderWithSession } from '@/testing/render';
import { signedInGardener } from '@/testing/session';
import { http, HttpResponse, server } from '@/testing/server';
import { t } from '@/lib/i18n/i18n';
import { channelSummary } from './channel-summary';
import { NotificationChannelsCard } from './notification-channels-card';
import { PUSH_TEXTS } from './push-toggle';
import { validateNtfy } from './ntfy-settings';

let push: FakePush | null = null;
afterEach(() => {
  push?.uninstall();
  push = null;
});

const pushSwitch = () => screen.getByRole('switch', { name: /Push notifications/ });
const requests = (method: string, path: string) => db.requests.filter((r) => r.method === method && r.path === path);

/** A signed-in gardener whose GET /api/user and PATCH /api/user/settings work. */
function gardener(preferences: Partial<NonNullable<User['notificationPreferences']>> = {}) {
  let account = signedInGardener({
    notificationPreferences: { email: false, push: null, careReminders: true, weeklyDigest: true, ...preferences },
  });
  const patches: unknown[] = [];
  server.use(
    http.get('*/api/user', () => HttpResponse.json(account)),
    http.patch('*/api/user/settings', async ({ request }) => {
      const body = (await request.json()) as Partial<User>;
      patches.push(body);
      account = { ...account, ...body };
      return HttpResponse.json(account);
    }),
  );
  return { patches };
}

function renderCard() {
  return renderWithSession(<NotificationChannelsCard />, '/settings');
}

describe('push toggle: the four permission states (spec 02 §4)', () => {
  it('unsupported: the switch is disabled and says so', async () => {
    gardener();
    renderCard();
    expect(await screen.findByText(t(PUSH_TEXTS.unsupported))).toBeInTheDocument();
    expect(pushSwitch()).toBeDisabled();
    expect(pushSwitch()).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Enable' })).toBeNull();
  });

  it('not asked: an Enable button asks, subscribes and registers this browser', async () => {
    push = installFakePush({ permission: 'default', requestResult: 'granted' });
    gardener({ push: false });
    const { user } = renderCard();
    expect(await screen.findByText(t(PUSH_TEXTS.notAsked))).toBeInTheDocument();
    expect(pushSwitch()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Device registered')).toBeInTheDocument();
    expect(push.requests).toBe(1);
    expect(requests('POST', '/api/notifications/register-device')[0]?.body).toMatchObject({
      playerId: FAKE_ENDPOINT,
      subscription: { endpoint: FAKE_ENDPOINT },
    });
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable' })).toBeNull();
  });

  it('not asked, then refused: "Permission denied"', async () => {
    push = installFakePush({ permission: 'default', requestResult: 'denied' });
    gardener();
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Permission denied')).toBeInTheDocument();
    expect(await screen.findByText(t(PUSH_TEXTS.blockedTitle))).toBeInTheDocument();
    expect(pushSwitch()).toBeDisabled();
    expect(requests('POST', '/api/notifications/register-device')).toHaveLength(0);
  });

  it('granted: the switch saves push off and on, keeping the other preferences', async () => {
    push = installFakePush({ permission: 'granted', subscribed: true });
    db.devices = [makeDevice({ playerId: FAKE_ENDPOINT, deviceName: 'Chrome on Linux' })];
    const { patches } = gardener({ push: null });
    const { user } = renderCard();
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    expect(pushSwitch()).toBeChecked();
    expect(screen.getByText(t(PUSH_TEXTS.on))).toBeInTheDocument();
    await user.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).not.toBeChecked());
    expect(patches).toEqual([
      { notificationPreferences: { email: false, careReminders: true, weeklyDigest: true, push: false } },
    ]);
    expect(screen.getByText(t(PUSH_TEXTS.off))).toBeInTheDocument();
    await user.click(pushSwitch());
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    expect(patches[1]).toEqual({ notificationPreferences: { email: false, careReminders: true, weeklyDigest: true, push: true } });
    expect(requests('POST', '/api/notifications/register-device')).toHaveLength(0);
  });

  it('denied: the switch is disabled with the blocked message', async () => {
    push = installFakePush({ permission: 'denied' });
    gardener();
    renderCard();
    expect(await screen.findByText(t(PUSH_TEXTS.blockedTitle))).toBeInTheDocument();
    expect(screen.getByText(t(PUSH_TEXTS.blocked))).toBeInTheDocument();
    expect(pushSwitch()).toBeDisabled();
    expect(pushSwitch()).not.toBeChecked();
  });

  it('says "Error saving settings" when the preference cannot be saved', async () => {
    push = installFakePush({ permission: 'granted', subscribed: true });
    db.devices = [makeDevice({ playerId: FAKE_ENDPOINT })];
    gardener();
    server.use(http.patch('*/api/user/settings', () => HttpResponse.json({ message: 'Site in maintenance' }, { status: 503 })));
    const { user } = renderCard();
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    await user.click(pushSwitch());
    expect(await screen.findByText('Error saving settings')).toBeInTheDocument();
    expect(pushSwitch()).toBeChecked();
  });
});

describe('devices', () => {
  it('lists the devices and unregisters this one (also in the browser)', async () => {
    push = installFakePush({ permission: 'granted', subscribed: true });
    db.devices = [
      makeDevice({ id: 1, playerId: FAKE_ENDPOINT, deviceName: 'Chrome on Linux' }),
      makeDevice({ id: 2, deviceName: 'Firefox on Android', pushEnabled: false }),
    ];
    gardener();
    const { user } = renderCard();
    const list = await screen.findByRole('list', { name: 'Registered devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('This device');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('No push keys');
    await user.click(within(list).getByRole('button', { name: 'Unregister Chrome on Linux (this device)' }));
    expect(await screen.findByText('Device unregistered')).toBeInTheDocument();
    expect(screen.getByText('Your device has been unregistered from notifications.')).toBeInTheDocument();
    expect(db.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/notifications/devices/1']);
    expect(push.subscription).toBeNull();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('says "Unregistration failed" when the server refuses', async () => {
    db.devices = [makeDevice({ id: 2, deviceName: 'Firefox on Android' })];
    gardener();
    server.use(http.delete('*/api/notifications/devices/:id', () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Unregister Firefox on Android' }));
    expect(await screen.findByText('Unregistration failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to unregister device from notifications.')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    gardener();
    renderCard();
    expect(await screen.findByText('No devices are registered for push notifications.')).toBeInTheDocument();
  });
});

describe('test notification', () => {
  it('sends each of the five types and says what every channel did', async () => {
    gardener();
    const { user } = renderCard();
    const type = await screen.findByLabelText('Test notification type');
    expect(within(type).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual([
      'care_task',
      'forum_reply',
      'plant_listing_interest',
      'expert_answer',
      'harvest_reminder',
    ]);
    await user.selectOptions(type, 'Harvest reminder');
    await user.click(screen.getByRole('button', { name: 'Send test notification' }));
    expect(await screen.findByText('Test notification sent')).toBeInTheDocument();
    expect(requests('POST', '/api/notifications/test')[0]?.body).toEqual({ type: 'harvest_reminder' });
    expect(screen.getAllByText(/Push: skipped \(no device is registered for push\)/).length).toBeGreaterThan(0);
  });

  it('says "Failed to send test notification" with the server message', async () => {
    gardener();
    server.use(
      http.post('*/api/notifications/test', () =>
        HttpResponse.json({ message: 'Too many test notifications. Please try again later.', code: 'rate_limited' }, { status: 429 }),
      ),
    );
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Send test notification' }));
    expect(await screen.findByText('Failed to send test notification')).toBeInTheDocument();
    expect(screen.getByText('Too many test notifications. Please try again later.')).toBeInTheDocument();
  });

  it('summarises the channels', () => {
    expect(
      channelSummary({
        notification: { id: 1, title: 't', content: 'c', createdAt: '', isRead: false, readAt: null, data: {} },
        channels: {
          inApp: { status: 'sent', sent: 1, failed: 0, removed: 0 },
          push: { status: 'sent', sent: 2, failed: 0, removed: 0 },
          email: { status: 'skipped', sent: 0, failed: 0, removed: 0, reason: 'e-mail is off' },
          ntfy: { status: 'failed', sent: 0, failed: 1, removed: 0, reason: 'timeout' },
        },
      }),
    ).toBe('In app: sent · Push: sent to 2 devices · E-mail: skipped (e-mail is off) · ntfy: failed (timeout)');
  });
});

describe('ntfy settings', () => {
  it('validates like the server', () => {
    expect(validateNtfy('', '')).toEqual({});
    expect(validateNtfy('ntfy.example.org', 'ok')).toEqual({ ntfyServer: 'Please enter a valid URL' });
    expect(validateNtfy('https://ntfy.example.org', 'bad topic!')).toEqual({
      ntfyTopic: 'Topic may use only letters, digits, - and _ (at most 64 characters)',
    });
  });

  it('saves the server and topic (PUT) and shows ntfy on', async () => {
    gardener();
    const { user } = renderCard();
    const topic = await screen.findByLabelText('ntfy topic');
    expect(screen.getByLabelText('ntfy server')).toHaveAttribute('placeholder', 'https://ntfy.sh');
    await user.type(topic, 'bad topic!');
    await user.click(screen.getByRole('button', { name: 'Save ntfy settings' }));
    expect(await screen.findByText('Topic may use only letters, digits, - and _ (at most 64 characters)')).toBeInTheDocument();
    expect(db.requests.some((r) => r.method === 'PUT')).toBe(false);
    await user.clear(topic);
    await user.type(topic, 'rosa-garden');
    await user.type(screen.getByLabelText('ntfy server'), 'https://ntfy.example.org');
    await user.click(screen.getByRole('button', { name: 'Save ntfy settings' }));
    expect(await screen.findByText('Notifications also go to your ntfy topic.')).toBeInTheDocument();
    expect(db.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      ntfyServer: 'https://ntfy.example.org',
      ntfyTopic: 'rosa-garden',
    });
    expect(await screen.findByText('Notifications go to the topic rosa-garden.')).toBeInTheDocument();
  });
});
