import { useCallback, useState } from 'react';
import { getVapidPublicKey } from '@/api/notifications/get-vapid-public-key';
import { useRegisterDevice } from '@/api/notifications/register-device';
import type { Device, RegisterDeviceInput } from '@/api/types';
import { useToast } from '@/components/ui/toast';
import { currentDeviceInfo, deviceName } from './device';
import { PUSH_TOASTS } from './messages';
import { subscribeToPush, subscriptionData } from './subscription';
import { requestPushPermission, pushPermission, type PushPermission } from './support';

/** registrationBody: the register call's body for this browser's subscription. */
export function registrationBody(subscription: PushSubscription): RegisterDeviceInput {
  const data = subscriptionData(subscription);
  return {
    playerId: data.endpoint,
    deviceName: deviceName(navigator.userAgent ?? ''),
    deviceInfo: currentDeviceInfo(),
    subscription: data,
  };
}

/**
 * The outcome of turning push on: the permission the browser ended with, and whether this
 * browser was subscribed and registered (null when the permission was not granted).
 */
export interface EnablePushResult {
  permission: PushPermission;
  device: Device | null;
  /** The permission was granted but subscribing or registering failed. */
  registrationFailed: boolean;
}

/**
 * useEnablePush: ask for permission (when not decided yet), subscribe with the server's VAPID
 * key and register this browser as a device (spec 01 §4; docs/notifications.md). It toasts
 * "Device registered" or "Registration failed" unless told to stay quiet (the prompt has its
 * own success toast, and only one toast shows at a time).
 */
export function useEnablePush() {
  const { trigger: register } = useRegisterDevice();
  const { toast } = useToast();
  const [pending, setPending] = useState(false);

  /** subscribeAndRegister: for a browser whose permission is granted already. */
  const subscribeAndRegister = useCallback(
    async ({ announce = true }: { announce?: boolean } = {}): Promise<Device | null> => {
      try {
        const { publicKey } = await getVapidPublicKey();
        const subscription = await subscribeToPush(publicKey);
        const device = await register(registrationBody(subscription));
        if (announce) toast(PUSH_TOASTS.deviceRegistered);
        return device ?? null;
      } catch {
        toast(PUSH_TOASTS.registrationFailed);
        return null;
      }
    },
    [register, toast],
  );

  const enable = useCallback(
    async ({ announce = true }: { announce?: boolean } = {}): Promise<EnablePushResult> => {
      setPending(true);
      try {
        let permission = pushPermission();
        if (permission === 'default') permission = await requestPushPermission();
        if (permission !== 'granted') return { permission, device: null, registrationFailed: false };
        const device = await subscribeAndRegister({ announce });
        return { permission, device, registrationFailed: device === null };
      } finally {
        setPending(false);
      }
    },
    [subscribeAndRegister],
  );

  return { enable, subscribeAndRegister, pending };
}
