import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOCK_VAPID_PUBLIC_KEY } from '@/testing/mock-api';
import { fakeSubscription, installFakePush, type FakePush } from '@/testing/notifications';
import { deviceName } from './device';
import { readServiceWorkerMessage, waitForServiceWorker } from './service-worker';
import { base64UrlToUint8Array, usesKey } from './subscription';
import { isMobileDevice, isPushSupported, pushPermission } from './support';

let push: FakePush | null = null;
afterEach(() => {
  vi.useRealTimers();
  push?.uninstall();
  push = null;
});

describe('push support', () => {
  it('is unsupported without Notification, service workers and PushManager (jsdom)', () => {
    expect(isPushSupported()).toBe(false);
    expect(pushPermission()).toBe('unsupported');
  });

  it('reads the browser permission when supported', () => {
    push = installFakePush({ permission: 'denied' });
    expect(isPushSupported()).toBe(true);
    expect(pushPermission()).toBe('denied');
    push.permission = 'default';
    expect(pushPermission()).toBe('default');
  });

  it('knows phones and tablets (iPadOS reports a Mac with touch)', () => {
    expect(isMobileDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile', 5)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 5)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(false);
    expect(isMobileDevice('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', 0)).toBe(false);
  });
});

describe('device names', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', 'Safari on macOS'],
    ['curl/8.0', 'Browser'],
  ])('%s → %s', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });
});

describe('VAPID keys', () => {
  it('decodes the base64url public key to 65 bytes (an uncompressed P-256 point)', () => {
    const key = base64UrlToUint8Array(MOCK_VAPID_PUBLIC_KEY);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('tells whether a subscription was made with the key', () => {
    const state = { subscription: null };
    expect(usesKey(fakeSubscription(state), MOCK_VAPID_PUBLIC_KEY)).toBe(true);
    expect(usesKey(fakeSubscription(state, 'https://push.example.test/x', 'BAAA' + MOCK_VAPID_PUBLIC_KEY.slice(4)), MOCK_VAPID_PUBLIC_KEY)).toBe(
      false,
    );
  });
});

describe('waiting for the service worker (spec 01 §4, §9: every 1 s, give up after 10 s)', () => {
  it('looks every second and gives up after ten', async () => {
    vi.useFakeTimers();
    const getRegistration = vi.fn(async () => undefined);
    const register = vi.fn(async () => ({ active: null }));
    Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration, register }, configurable: true });
    try {
      let result: unknown = 'pending';
      void waitForServiceWorker().then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(0);
      expect(register).toHaveBeenCalledTimes(1);
      expect(getRegistration).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(getRegistration).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(8000);
      expect(result).toBe('pending');
      await vi.advanceTimersByTimeAsync(1000);
      expect(result).toBeNull();
      expect(getRegistration).toHaveBeenCalledTimes(11);
    } finally {
      delete (navigator as unknown as Record<string, unknown>).serviceWorker;
    }
  });

  it('answers the registration as soon as its worker is active', async () => {
    push = installFakePush();
    const registration = await waitForServiceWorker();
    expect(registration?.active).toBeTruthy();
  });

  it('accepts only the app’s own messages', () => {
    expect(readServiceWorkerMessage({ type: 'garden:push', notificationId: 4 })).toEqual({ type: 'garden:push', notificationId: 4 });
    expect(readServiceWorkerMessage({ type: 'garden:navigate', url: '/schedule' })).toEqual({
      type: 'garden:navigate',
      url: '/schedule',
      notificationId: null,
    });
    expect(readServiceWorkerMessage({ type: 'garden:navigate' })).toBeNull();
    expect(readServiceWorkerMessage({ type: 'other' })).toBeNull();
    expect(readServiceWorkerMessage('garden:push')).toBeNull();
  });
});
