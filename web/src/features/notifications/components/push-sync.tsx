import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationKeys } from '@/api/keys';
import { useDeleteDevice } from '@/api/notifications/delete-device';
import { useDevices } from '@/api/notifications/get-devices';
import { getVapidPublicKey } from '@/api/notifications/get-vapid-public-key';
import { useRegisterDevice } from '@/api/notifications/register-device';
import { useRefresh } from '@/api/query';
import { useToast } from '@/components/ui/toast';
import {
  PUSH_TOASTS,
  currentSubscription,
  onServiceWorkerMessage,
  registrationBody,
  subscribeToPush,
  usePushPermission,
  usesKey,
} from '@/lib/push';
import { useSession } from '@/lib/session';
import { patchNotificationRead } from '../api/mark-notification-read';
import { appPath } from './notification-format';

/**
 * PushSubscriptionSync keeps this browser's push subscription registered (spec 01 §4): when
 * permission is granted and the browser has a subscription that the device list lacks, it is
 * registered; a subscription made with an older VAPID key is replaced first; the service
 * worker's "subscription changed" message starts the check again. Nothing happens while
 * impersonating (the browser belongs to the superadmin).
 */
export function PushSubscriptionSync() {
  const { user, impersonation } = useSession();
  const { permission } = usePushPermission();
  const active = Boolean(user) && !impersonation?.isImpersonating && permission === 'granted';
  const devices = useDevices(active);
  const { trigger: register } = useRegisterDevice();
  const { trigger: removeDevice } = useDeleteDevice();
  const { toast } = useToast();
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [check, setCheck] = useState(0);
  const attempted = useRef<string | null>(null);

  const reloadDevices = devices.mutate;
  useEffect(
    () =>
      onServiceWorkerMessage((message) => {
        if (message.type !== 'garden:subscription-change') return;
        // The browser replaced the subscription: read it and the device list again.
        attempted.current = null;
        setCheck((n) => n + 1);
        void reloadDevices();
      }),
    [reloadDevices],
  );

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    void (async () => {
      const current = await currentSubscription();
      if (!current) {
        if (!cancelled) setSubscription(null);
        return;
      }
      try {
        const { publicKey } = await getVapidPublicKey();
        if (!usesKey(current, publicKey)) {
          // The server's key pair changed: the old subscription cannot receive pushes any more.
          const fresh = await subscribeToPush(publicKey);
          removeDevice(current.endpoint).catch(() => {});
          if (!cancelled) setSubscription(fresh);
          return;
        }
      } catch {
        // The key could not be read: keep the subscription we have.
      }
      if (!cancelled) setSubscription(current);
    })();
    return () => {
      cancelled = true;
    };
  }, [active, check, removeDevice]);

  useEffect(() => {
    if (!active || !subscription || !devices.data) return;
    const endpoint = subscription.endpoint;
    if (devices.data.some((d) => d.playerId === endpoint)) return;
    if (attempted.current === endpoint) return;
    attempted.current = endpoint;
    register(registrationBody(subscription))
      .then(() => toast(PUSH_TOASTS.deviceRegistered))
      .catch(() => toast(PUSH_TOASTS.registrationFailed));
  }, [active, devices.data, register, subscription, toast]);

  return null;
}

/**
 * ServiceWorkerBridge acts on the service worker's messages: a push arrived (the bell list is
 * read again), or a notification was clicked (it is marked read and its page opened, when the
 * address is a path of the app).
 */
export function ServiceWorkerBridge() {
  const { user } = useSession();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const signedIn = Boolean(user);

  useEffect(() => {
    if (!signedIn) return;
    return onServiceWorkerMessage((message) => {
      if (message.type === 'garden:push') {
        void refresh(notificationKeys);
      } else if (message.type === 'garden:navigate') {
        if (message.notificationId) {
          patchNotificationRead(message.notificationId)
            .catch(() => undefined)
            .finally(() => void refresh(notificationKeys));
        }
        const path = appPath(message.url);
        if (path) navigate(path);
      }
    });
  }, [navigate, refresh, signedIn]);

  return null;
}
