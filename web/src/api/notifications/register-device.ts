import useSWRMutation from 'swr/mutation';
import { apiJSON } from '../client';
import { urls } from '../keys';
import { useRefresh } from '../query';
import type { Device, RegisterDeviceInput } from '../types';

/**
 * postRegisterDevice: POST /api/notifications/register-device with the spec's playerId,
 * deviceName and deviceInfo plus the browser's subscription JSON — 201 the device (200 when
 * the endpoint was registered before; it moves to the caller).
 */
export function postRegisterDevice(url: string, { arg }: { arg: RegisterDeviceInput }): Promise<Device> {
  return apiJSON<Device>('POST', url, arg);
}

/** useRegisterDevice registers this browser, then refreshes the device list. */
export function useRegisterDevice() {
  const refresh = useRefresh();
  return useSWRMutation<Device, Error, string, RegisterDeviceInput>(urls.notificationRegisterDevice, postRegisterDevice, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh((key) => key === urls.notificationDevices),
  });
}
