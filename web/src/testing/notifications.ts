import type { AdminNotification, AppNotification, Device } from '@/api/types';
import { MOCK_VAPID_PUBLIC_KEY } from './mock-api';
import { instantFromNow } from './clock';

let nextId = 5000;

/** makeNotification builds a bell-list notification like GET /api/notifications answers. */
export function makeNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Notification ${id}`,
    content: 'Something happened in your garden.',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    isRead: false,
    readAt: null,
    data: {},
    ...overrides,
  };
}

/** makeAdminNotification builds an entry of the console's history. */
export function makeAdminNotification(overrides: Partial<AdminNotification> = {}): AdminNotification {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Announcement ${id}`,
    content: 'The taps are off on Friday.',
    targetType: 'global',
    targetId: null,
    targetName: '',
    data: {},
    kind: 'admin',
    createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    createdBy: 1,
    isRead: false,
    readCount: 0,
    recipientCount: 3,
    ...overrides,
  };
}

export const FAKE_ENDPOINT = 'https://push.example.test/send/this-browser';

/** makeDevice builds a registered device. */
export function makeDevice(overrides: Partial<Device> = {}): Device {
  const id = overrides.id ?? nextId++;
  return {
    id,
    playerId: `https://push.example.test/send/device-${id}`,
    deviceName: 'Firefox on Linux',
    deviceInfo: { userAgent: 'Mozilla/5.0', platform: 'Linux x86_64', vendor: '' },
    pushEnabled: true,
    createdAt: instantFromNow(-20),
    updatedAt: instantFromNow(-20),
    ...overrides,
  };
}

function keyBytes(base64url: string): ArrayBuffer {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes.buffer;
}

export interface FakePush {
  /** The browser's current permission; tests may change it. */
  permission: NotificationPermission;
  /** What requestPermission() answers (and leaves as the permission). */
  requestResult: NotificationPermission;
  /** How often the page asked for permission. */
  requests: number;
  /** This browser's subscription, if any. */
  subscription: PushSubscription | null;
  /** Makes pushManager.subscribe() fail. */
  subscribeError: Error | null;
  /** Sends a message from the service worker to the page. */
  postMessage: (data: unknown) => void;
  uninstall: () => void;
}

/** fakeSubscription builds a PushSubscription with real-looking keys. */
export function fakeSubscription(
  state: Pick<FakePush, 'subscription'>,
  endpoint = FAKE_ENDPOINT,
  publicKey = MOCK_VAPID_PUBLIC_KEY,
): PushSubscription {
  const json = {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: 'BOr6mI6MDFzUHd8Dq1bDBL5cWx8fB0nj4o3E2h3e3yqB2dJ5e3g0p2kQ0A2fG1jZ5y7Q0m1J3aWvS8tC7dN0oE',
      auth: 'c2VjcmV0LWF1dGgtMTIz',
    },
  };
  const subscription = {
    endpoint,
    expirationTime: null,
    options: { applicationServerKey: keyBytes(publicKey), userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => json,
    unsubscribe: async () => {
      if (state.subscription === (subscription as unknown as PushSubscription)) state.subscription = null;
      return true;
    },
  };
  return subscription as unknown as PushSubscription;
}

/**
 * installFakePush stands in for the browser's Notification, PushManager and service worker
 * (jsdom has none of them). Call uninstall() after the test.
 */
export function installFakePush(
  options: {
    permission?: NotificationPermission;
    requestResult?: NotificationPermission;
    subscribed?: boolean;
    endpoint?: string;
  } = {},
): FakePush {
  const container = new EventTarget();
  const state: FakePush = {
    permission: options.permission ?? 'default',
    requestResult: options.requestResult ?? 'granted',
    requests: 0,
    subscription: null,
    subscribeError: null,
    postMessage: (data) => container.dispatchEvent(new MessageEvent('message', { data })),
    uninstall: () => {},
  };
  if (options.subscribed) state.subscription = fakeSubscription(state, options.endpoint);

  const pushManager = {
    getSubscription: async () => state.subscription,
    subscribe: async (opts: PushSubscriptionOptionsInit) => {
      if (state.subscribeError) throw state.subscribeError;
      const key = opts.applicationServerKey;
      const encoded =
        key instanceof Uint8Array
          ? btoa(String.fromCharCode(...Array.from(key))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
          : MOCK_VAPID_PUBLIC_KEY;
      state.subscription = fakeSubscription(state, options.endpoint ?? FAKE_ENDPOINT, encoded);
      return state.subscription;
    },
    permissionState: async () => (state.permission === 'default' ? 'prompt' : state.permission),
  };
  const registration = { active: { state: 'activated' }, scope: '/', pushManager };
  const serviceWorker = Object.assign(container, {
    register: async () => registration,
    getRegistration: async () => registration,
    ready: Promise.resolve(registration),
    controller: null,
  });

  class FakeNotification {
    static get permission() {
      return state.permission;
    }
    static async requestPermission() {
      state.requests++;
      state.permission = state.requestResult;
      return state.requestResult;
    }
  }

  const win = window as unknown as Record<string, unknown>;
  win.Notification = FakeNotification;
  win.PushManager = class PushManager {};
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });

  state.uninstall = () => {
    delete win.Notification;
    delete win.PushManager;
    delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  };
  return state;
}
