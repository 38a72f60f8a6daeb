import { http, HttpResponse } from 'msw';
import type { AdminNotification, AppNotification, Device } from '@/api/types';
import { db, json, notFound, page, record } from './db';

/** Notifications: the bell, devices, channels and the console (docs/api.md "Notifications"). */
export const notificationsHandlers = [
  // ----- notifications (docs/api.md "Notifications") -----
  http.get('*/api/notifications/unread-count', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ count: db.notifications.filter((n) => !n.isRead).length });
  }),
  http.get('*/api/notifications/vapid-public-key', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.vapid);
  }),
  http.get('*/api/notifications/devices', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.devices);
  }),
  http.post('*/api/notifications/register-device', async ({ request }) => {
    const body = (await record(request)) as {
      playerId?: string;
      deviceName?: string;
      deviceInfo?: Device['deviceInfo'];
      subscription?: { endpoint?: string; keys?: { p256dh?: string; auth?: string } };
    };
    const playerId = body.playerId || body.subscription?.endpoint || '';
    if (!playerId) {
      return HttpResponse.json({ message: 'playerId is required', code: 'invalid', errors: { playerId: 'playerId is required' } }, { status: 400 });
    }
    const now = new Date().toISOString();
    const existing = db.devices.find((d) => d.playerId === playerId);
    const device: Device = {
      id: existing?.id ?? db.nextId++,
      playerId,
      deviceName: body.deviceName ?? '',
      deviceInfo: body.deviceInfo ?? { userAgent: '', platform: '', vendor: '' },
      pushEnabled: Boolean(body.subscription?.keys?.p256dh && body.subscription?.keys?.auth),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    db.devices = [device, ...db.devices.filter((d) => d.playerId !== playerId)];
    return HttpResponse.json(device, { status: existing ? 200 : 201 });
  }),
  http.delete('*/api/notifications/devices/:id', async ({ request, params }) => {
    await record(request);
    const key = decodeURIComponent(String(params.id));
    const before = db.devices.length;
    db.devices = db.devices.filter((d) => String(d.id) !== key && d.playerId !== key);
    return before === db.devices.length ? notFound('Device not found') : new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/notifications/channels', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.channels);
  }),
  http.put('*/api/notifications/channels', async ({ request }) => {
    const body = (await record(request)) as { ntfyServer?: string; ntfyTopic?: string };
    const server = String(body.ntfyServer ?? '').trim();
    const topic = String(body.ntfyTopic ?? '').trim();
    const errors: Record<string, string> = {};
    if (server && !/^https?:\/\/[^\s/?#]+/.test(server)) errors.ntfyServer = 'Please enter a valid URL';
    if (topic && !/^[A-Za-z0-9_-]{1,64}$/.test(topic)) errors.ntfyTopic = 'Topic may use only letters, digits, - and _ (at most 64 characters)';
    const first = Object.values(errors)[0];
    if (first) return HttpResponse.json({ message: first, code: 'invalid', errors }, { status: 400 });
    db.channels = { ...db.channels, ntfyServer: server, ntfyTopic: topic, ntfyEnabled: topic !== '', updatedAt: new Date().toISOString() };
    return HttpResponse.json(db.channels);
  }),
  http.get('*/api/notifications/admin', async ({ request }) => {
    await record(request);
    // As the server: newest first (db.adminNotifications keeps that order), a page at a time.
    return page(request, db.adminNotifications);
  }),
  http.get('*/api/notifications/audience', async ({ request }) => {
    await record(request);
    // As the server: the active users a notification to this target would reach now.
    const params = new URL(request.url).searchParams;
    const type = params.get('targetType');
    const id = Number(params.get('targetId') ?? 0);
    const active = db.users.filter((u) => u.isActive !== false);
    const reached =
      type === 'global' ? active : type === 'site' ? active.filter((u) => u.siteId === id) : active.filter((u) => u.id === id);
    return json({ recipientCount: reached.length });
  }),
  http.post('*/api/notifications/send', async ({ request }) => {
    const body = (await record(request)) as Partial<{
      title: string;
      content: string;
      targetType: string;
      targetId: number | string | null;
      data: Record<string, unknown> | null;
    }>;
    const errors: Record<string, string> = {};
    const title = String(body.title ?? '').trim();
    const content = String(body.content ?? '').trim();
    const targetType = String(body.targetType ?? '').trim();
    if (!title) errors.title = 'Title is required';
    if (!content) errors.content = 'Content is required';
    if (!['global', 'site', 'user'].includes(targetType)) errors.targetType = 'Target type must be global, site or user';
    const targetId = body.targetId === null || body.targetId === undefined || body.targetId === '' ? null : Number(body.targetId);
    if (targetType === 'site' && !targetId) errors.targetId = 'Please select a site';
    if (targetType === 'user' && !targetId) errors.targetId = 'Please select a user';
    const first = Object.values(errors)[0];
    if (first) return HttpResponse.json({ message: first, code: 'invalid', errors }, { status: 400 });
    const entry: AdminNotification = {
      id: db.nextId++,
      title,
      content,
      targetType,
      targetId: targetType === 'global' ? null : targetId,
      targetName: targetType === 'global' ? '' : `#${targetId}`,
      data: body.data ?? {},
      kind: 'admin',
      createdAt: new Date().toISOString(),
      createdBy: 1,
      isRead: false,
      readCount: 0,
      recipientCount: targetType === 'user' ? 1 : 3,
    };
    db.adminNotifications = [entry, ...db.adminNotifications];
    return HttpResponse.json(entry, { status: 201 });
  }),
  http.post('*/api/notifications/mark-all-read', async ({ request }) => {
    await record(request);
    const now = new Date().toISOString();
    let marked = 0;
    db.notifications = db.notifications.map((n) => {
      if (n.isRead) return n;
      marked++;
      return { ...n, isRead: true, readAt: now };
    });
    return HttpResponse.json({ success: true, marked });
  }),
  http.post('*/api/notifications/test', async ({ request }) => {
    const body = (await record(request)) as { type?: string };
    const types = ['care_task', 'forum_reply', 'plant_listing_interest', 'expert_answer', 'harvest_reminder'];
    if (!types.includes(String(body.type))) {
      const message = `Type must be one of ${types.join(', ')}`;
      return HttpResponse.json({ message, code: 'invalid', errors: { type: message } }, { status: 400 });
    }
    const notification: AppNotification = {
      id: db.nextId++,
      title: `Test: ${body.type}`,
      content: 'This is a test notification.',
      createdAt: new Date().toISOString(),
      isRead: false,
      readAt: null,
      data: { type: body.type, test: true, url: '/schedule' },
    };
    db.notifications = [notification, ...db.notifications];
    const pushable = db.devices.filter((d) => d.pushEnabled).length;
    return HttpResponse.json(
      {
        notification,
        channels: {
          inApp: { status: 'sent', sent: 1, failed: 0, removed: 0 },
          push: pushable
            ? { status: 'sent', sent: pushable, failed: 0, removed: 0 }
            : { status: 'skipped', sent: 0, failed: 0, removed: 0, reason: 'no device is registered for push' },
          email: { status: 'skipped', sent: 0, failed: 0, removed: 0, reason: 'e-mail is off' },
          ntfy: db.channels.ntfyEnabled
            ? { status: 'sent', sent: 1, failed: 0, removed: 0 }
            : { status: 'skipped', sent: 0, failed: 0, removed: 0, reason: 'no ntfy topic' },
        },
      },
      { status: 201 },
    );
  }),
  http.patch('*/api/notifications/:id/read', async ({ request, params }) => {
    await record(request);
    const n = db.notifications.find((x) => x.id === Number(params.id));
    if (!n) return notFound('Notification not found');
    if (!n.isRead) Object.assign(n, { isRead: true, readAt: new Date().toISOString() });
    return HttpResponse.json(n);
  }),
  http.delete('*/api/notifications/:id', async ({ request, params }) => {
    await record(request);
    const id = Number(params.id);
    const before = db.adminNotifications.length;
    db.adminNotifications = db.adminNotifications.filter((n) => n.id !== id);
    db.notifications = db.notifications.filter((n) => n.id !== id);
    return before === db.adminNotifications.length ? notFound('Notification not found') : new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/notifications', async ({ request }) => {
    await record(request);
    return HttpResponse.json(db.notifications);
  }),
];
