/* Garden's service worker: keeps the app shell for offline starts, shows Web Push messages and
 * opens their page when clicked.
 *
 * Offline: the install step caches index.html and every asset of the build (the list the build
 * writes to /sw-precache.js), so a page never opened before still opens offline; page loads go
 * to the network first and fall back to that shell (the app then shows its offline notice);
 * hashed assets under /assets/ never change, so they are served from the cache once there.
 * Activating a new build's worker drops the assets the new list no longer names. API calls and
 * images are never cached here: the app keeps what it has read (SWR) and queues care done
 * offline itself.
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

const SHELL_CACHE = 'garden-shell-v1';
const ASSET_CACHE = 'garden-assets-v1';
const MAX_ASSETS = 400; // without a build list (the dev server), older assets are dropped beyond this

// The build's asset list (web/vite-plugins.ts precacheList). Browsers compare an imported
// script's bytes on every update check, so each build's new list installs a new worker.
try {
  if (typeof importScripts === 'function') importScripts('/sw-precache.js');
} catch {
  // No list (the dev server): assets are cached as they are fetched.
}
const PRECACHE = self.GARDEN_PRECACHE && Array.isArray(self.GARDEN_PRECACHE.assets) ? self.GARDEN_PRECACHE.assets : [];

/** cacheShell stores index.html and every /assets/ file it references. */
async function cacheShell() {
  const response = await fetch('/', { cache: 'no-cache' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await (await caches.open(SHELL_CACHE)).put('/', response);
  const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cacheAssets([...new Set([...named, ...PRECACHE])]);
}

/** cacheAssets fetches the assets not cached yet, a few at a time; one that fails is skipped. */
async function cacheAssets(urls) {
  const cache = await caches.open(ASSET_CACHE);
  const have = new Set((await cache.keys()).map((k) => new URL(k.url).pathname));
  const missing = urls.filter((url) => !have.has(url));
  for (let i = 0; i < missing.length; i += 6) {
    await Promise.all(missing.slice(i, i + 6).map((url) => cache.add(url).catch(() => undefined)));
  }
}

/** trimAssets drops what the current build does not name (or, without a list, the oldest). */
async function trimAssets() {
  const cache = await caches.open(ASSET_CACHE);
  const keys = await cache.keys();
  if (PRECACHE.length > 0) {
    const current = new Set(PRECACHE);
    await Promise.all(keys.filter((k) => !current.has(new URL(k.url).pathname)).map((k) => cache.delete(k)));
    return;
  }
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((k) => cache.delete(k)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().catch(() => undefined));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
      await trimAssets().catch(() => undefined);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Network first, so a deploy is seen at once; the cached shell when there is no network.
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
            const copy = response.clone();
            event.waitUntil(caches.open(SHELL_CACHE).then((c) => c.put('/', copy)));
          }
          return response;
        } catch (err) {
          const shell = await caches.match('/', { cacheName: SHELL_CACHE });
          if (shell) return shell;
          throw err;
        }
      })(),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      (async () => {
        const cached = await caches.match(request, { cacheName: ASSET_CACHE });
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) {
          const copy = response.clone();
          // An asset of an older build (a page open since before a deploy) is kept until the
          // next worker activates; without a build list, the oldest go beyond MAX_ASSETS.
          event.waitUntil(
            caches
              .open(ASSET_CACHE)
              .then((c) => c.put(request, copy))
              .then(() => (PRECACHE.length > 0 ? undefined : trimAssets())),
          );
        }
        return response;
      })(),
    );
  }
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
