import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

/** Runs web/public/sw.js in a sandbox with a stand-in `self` and returns its event handlers. */
function loadWorker(windows: { url: string }[] = []) {
  // Tests run from the repository (npm test) or from web/.
  const file = ['web/public/sw.js', 'public/sw.js'].map((p) => path.resolve(process.cwd(), p)).find((p) => existsSync(p));
  const source = readFileSync(file ?? 'web/public/sw.js', 'utf8');
  const handlers: Record<string, (event: unknown) => void> = {};
  const posted: unknown[] = [];
  const clients = windows.map((w) => ({
    url: w.url,
    focus: vi.fn(async () => undefined),
    postMessage: vi.fn((m: unknown) => posted.push(m)),
  }));
  const scope = {
    location: { origin: 'https://garden.example' },
    addEventListener: (type: string, fn: (event: unknown) => void) => (handlers[type] = fn),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => undefined), pushManager: { subscribe: vi.fn(async () => ({})) } },
    clients: { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => null), claim: vi.fn(async () => undefined) },
  };
  vm.runInNewContext(source, { self: scope, console });
  const run = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    handlers[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { self: scope, run, posted, clients };
}

const pushEvent = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } });

describe('service worker (web/public/sw.js)', () => {
  it('shows a push with its title, body and tag, and tells the open windows', async () => {
    const worker = loadWorker([{ url: 'https://garden.example/plants' }]);
    await worker.run(
      'push',
      pushEvent({ title: 'Time to water', body: 'Basil is due.', url: '/schedule', tag: 'garden-care-reminder', notificationId: 42 }),
    );
    expect(worker.self.registration.showNotification).toHaveBeenCalledWith('Time to water', {
      body: 'Basil is due.',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: '/schedule', notificationId: 42 },
      tag: 'garden-care-reminder',
      renotify: true,
    });
    expect(worker.posted).toEqual([{ type: 'garden:push', notificationId: 42 }]);
  });

  it('falls back to content, the title Garden, and "/" for an address outside the app', async () => {
    const worker = loadWorker();
    await worker.run('push', pushEvent({ content: 'Hello', url: 'https://evil.example/' }));
    expect(worker.self.registration.showNotification).toHaveBeenCalledWith(
      'Garden',
      expect.objectContaining({ body: 'Hello', data: { url: '/', notificationId: null } }),
    );
  });

  it('on click focuses an open window and lets the app navigate', async () => {
    const worker = loadWorker([{ url: 'https://garden.example/journal' }]);
    const close = vi.fn();
    await worker.run('notificationclick', { notification: { close, data: { url: '/schedule', notificationId: 7 } } });
    expect(close).toHaveBeenCalled();
    expect(worker.clients[0]!.focus).toHaveBeenCalled();
    expect(worker.posted).toEqual([{ type: 'garden:navigate', url: '/schedule', notificationId: 7 }]);
    expect(worker.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it.each([
    ['/plants/3', '/plants/3'],
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    [undefined, '/'],
  ])('on click without an open window opens %s as %s', async (url, opened) => {
    const worker = loadWorker();
    await worker.run('notificationclick', { notification: { close: vi.fn(), data: { url } } });
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith(opened);
  });

  it('after a subscription change it subscribes again and tells the app', async () => {
    const worker = loadWorker([{ url: 'https://garden.example/' }]);
    const key = new Uint8Array([4, 1, 2]).buffer;
    await worker.run('pushsubscriptionchange', { oldSubscription: { options: { applicationServerKey: key } }, newSubscription: null });
    expect(worker.self.registration.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    expect(worker.posted).toEqual([{ type: 'garden:subscription-change' }]);
  });
});
