/* Garden's service worker: shows Web Push messages and opens their page when clicked.
 *
 * A push carries one JSON object (docs/notifications.md, "Push messages"):
 *   {title, body, content, url, tag, notificationId, data}
 * `url` is a path of the app. Only paths starting with "/" (and not "//") are followed; anything
 * else opens the dashboard. The worker has no token, so marking the notification read is left
 * to the open app, which it tells with a message.
 *
 * Messages posted to the app's windows:
 *   {type: 'garden:push', notificationId}            a push arrived (the bell list is read again)
 *   {type: 'garden:navigate', url, notificationId}   a notification was clicked
 *   {type: 'garden:subscription-change'}             the browser replaced the push subscription
 */
'use strict';

const DEFAULT_TITLE = 'Garden';
const ICON = '/favicon.svg';

/** appPath: a path of this app, or '/' for anything else (other sites, "//host", junk). */
function appPath(url) {
  if (typeof url !== 'string') return '/';
  const value = url.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

function readPayload(event) {
  if (!event.data) return {};
  try {
    const value = event.data.json();
    return value && typeof value === 'object' ? value : {};
  } catch {
    // Not JSON: show the text as the body.
    try {
      return { body: event.data.text() };
    } catch {
      return {};
    }
  }
}

async function windowClients() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

async function tellWindows(message) {
  for (const client of await windowClients()) client.postMessage(message);
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const data = payload.data && typeof payload.data === 'object' ? payload.data : {};
  const url = appPath(payload.url ?? data.url);
  const notificationId = typeof payload.notificationId === 'number' ? payload.notificationId : null;
  const title = typeof payload.title === 'string' && payload.title.trim() ? payload.title : DEFAULT_TITLE;
  const body = typeof payload.body === 'string' ? payload.body : typeof payload.content === 'string' ? payload.content : '';
  const options = {
    body,
    icon: ICON,
    badge: ICON,
    data: { url, notificationId },
  };
  if (typeof payload.tag === 'string' && payload.tag) {
    options.tag = payload.tag;
    // Today's care reminder replaces yesterday's, and still alerts.
    options.renotify = true;
  }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      tellWindows({ type: 'garden:push', notificationId }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const url = appPath(data.url);
  const notificationId = typeof data.notificationId === 'number' ? data.notificationId : null;
  event.waitUntil(
    (async () => {
      const clients = await windowClients();
      const origin = self.location.origin;
      const client = clients.find((c) => c.url.startsWith(origin)) || null;
      if (client) {
        // The open app navigates itself (no reload) and marks the notification read.
        await client.focus().catch(() => undefined);
        client.postMessage({ type: 'garden:navigate', url, notificationId });
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const options = event.oldSubscription && event.oldSubscription.options;
      if (!event.newSubscription && options && options.applicationServerKey) {
        // Subscribe again with the same key; the app registers whatever endpoint results.
        await self.registration.pushManager
          .subscribe({ userVisibleOnly: true, applicationServerKey: options.applicationServerKey })
          .catch(() => null);
      }
      // The app registers the new endpoint (it has the token); without an open window it does
      // so on its next load, when the device list lacks the current subscription.
      await tellWindows({ type: 'garden:subscription-change' });
    })(),
  );
});
