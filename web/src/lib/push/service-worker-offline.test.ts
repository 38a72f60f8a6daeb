import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

/** A Cache Storage stand-in: named caches of URL → body. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    const key = (r: string | Request) => new URL(typeof r === 'string' ? r : r.url, 'https://garden.example').pathname;
    return {
      put: async (r: string | Request, res: Response) => void store.set(key(r), res),
      add: async (r: string) => void store.set(key(r), new Response(`cached ${r}`)),
      keys: async () => [...store.keys()].map((k) => new Request('https://garden.example' + k)),
      delete: async (r: Request) => store.delete(key(r)),
      match: async (r: string | Request) => store.get(key(r))?.clone(),
    };
  };
  return {
    stores,
    api: {
      open,
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
      match: async (r: string | Request, o: { cacheName: string }) => (await open(o.cacheName)).match(r),
    },
  };
}

function loadWorker(fetchImpl: (r: Request | string) => Promise<Response>, precache?: string[]) {
  const file = ['web/public/sw.js', 'public/sw.js'].map((p) => path.resolve(process.cwd(), p)).find((p) => existsSync(p));
  const source = readFileSync(file ?? 'web/public/sw.js', 'utf8');
  const handlers: Record<string, (event: unknown) => void> = {};
  const caches = fakeCaches();
  const scope = {
    location: { origin: 'https://garden.example' },
    addEventListener: (type: string, fn: (event: unknown) => void) => (handlers[type] = fn),
    skipWaiting: vi.fn(),
    registration: {},
    clients: { matchAll: vi.fn(async () => []), claim: vi.fn(async () => undefined) },
    // What importScripts('/sw-precache.js') sets in a browser (the sandbox has no importScripts).
    GARDEN_PRECACHE: precache ? { version: 'test', assets: precache } : undefined,
  };
  vm.runInNewContext(source, { self: scope, caches: caches.api, fetch: fetchImpl, URL, Request, Response, console, Set, Promise });
  /** fetchEvent dispatches a fetch and returns what the worker answered (undefined: not handled). */
  const fetchEvent = async (url: string, mode = 'no-cors') => {
    let answer: Promise<Response> | undefined;
    const waits: Promise<unknown>[] = [];
    handlers.fetch!({
      request: { url, method: 'GET', mode },
      respondWith: (p: Promise<Response>) => (answer = p),
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    });
    const res = answer ? await answer : undefined;
    await Promise.all(waits);
    return res;
  };
  const install = async () => {
    let pending: Promise<unknown> = Promise.resolve();
    handlers.install!({ waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  const activate = async () => {
    let pending: Promise<unknown> = Promise.resolve();
    handlers.activate!({ waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { fetchEvent, install, activate, caches };
}

const INDEX = '<script type="module" src="/assets/index-abc.js"></script><link rel="stylesheet" href="/assets/index-def.css">';

describe('service worker offline shell', () => {
  it('caches index.html and its assets on install, and serves the shell for a page when offline', async () => {
    let online = true;
    const fetchImpl = vi.fn(async (r: Request | string) => {
      if (!online) throw new TypeError('Failed to fetch');
      const url = typeof r === 'string' ? r : r.url;
      return new Response(url.endsWith('/') ? INDEX : 'network', { headers: { 'content-type': 'text/html' } });
    });
    const worker = loadWorker(fetchImpl);
    await worker.install();
    expect([...worker.caches.stores.get('garden-assets-v1')!.keys()].sort()).toEqual(['/assets/index-abc.js', '/assets/index-def.css']);

    online = false;
    const page = await worker.fetchEvent('https://garden.example/plants/12', 'navigate');
    expect(await page!.text()).toBe(INDEX);
    const asset = await worker.fetchEvent('https://garden.example/assets/index-abc.js');
    expect(await asset!.text()).toBe('cached /assets/index-abc.js');
  });

  it("caches every asset of the build's list on install, so a page never opened before opens offline", async () => {
    let online = true;
    const fetchImpl = vi.fn(async (r: Request | string) => {
      if (!online) throw new TypeError('Failed to fetch');
      const url = typeof r === 'string' ? r : r.url;
      return new Response(url.endsWith('/') ? INDEX : 'network', { headers: { 'content-type': 'text/html' } });
    });
    const build = ['/assets/index-abc.js', '/assets/index-def.css', '/assets/plant-details-page-123.js', '/assets/plant-details-page-456.css'];
    const worker = loadWorker(fetchImpl, build);
    await worker.install();
    expect([...worker.caches.stores.get('garden-assets-v1')!.keys()].sort()).toEqual([...build].sort());

    online = false;
    const chunk = await worker.fetchEvent('https://garden.example/assets/plant-details-page-456.css');
    expect(await chunk!.text()).toBe('cached /assets/plant-details-page-456.css');
  });

  it("drops the assets of an older build when the new build's worker activates", async () => {
    const fetchImpl = vi.fn(async () => new Response(INDEX, { headers: { 'content-type': 'text/html' } }));
    const old = loadWorker(fetchImpl, ['/assets/index-abc.js', '/assets/old-page-1.js']);
    await old.install();
    const next = loadWorker(fetchImpl, ['/assets/index-abc.js', '/assets/index-def.css', '/assets/new-page-2.js']);
    next.caches.stores.set('garden-assets-v1', old.caches.stores.get('garden-assets-v1')!);
    await next.install();
    await next.activate();
    expect([...next.caches.stores.get('garden-assets-v1')!.keys()].sort()).toEqual([
      '/assets/index-abc.js',
      '/assets/index-def.css',
      '/assets/new-page-2.js',
    ]);
  });

  it('leaves API calls and other origins to the network', async () => {
    const worker = loadWorker(vi.fn(async () => new Response('x')));
    expect(await worker.fetchEvent('https://garden.example/api/plants')).toBeUndefined();
    expect(await worker.fetchEvent('https://cdn.example/img.png')).toBeUndefined();
  });

  it('loads pages from the network first when online', async () => {
    const fetchImpl = vi.fn(async () => new Response('fresh', { headers: { 'content-type': 'text/html' } }));
    const worker = loadWorker(fetchImpl);
    const page = await worker.fetchEvent('https://garden.example/schedule', 'navigate');
    expect(await page!.text()).toBe('fresh');
    expect(fetchImpl).toHaveBeenCalled();
  });
});
