import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../client';
import { urls } from '../keys';
import { useRefresh } from '../query';

/** deleteDevice: DELETE /api/notifications/devices/{id or URL-encoded playerId} — 204 · 404. */
export async function deleteDevice(_url: string, { arg }: { arg: number | string }): Promise<void> {
  await apiRequest('DELETE', urls.notificationDevice(arg));
}

/** useDeleteDevice unregisters a device, then refreshes the device list. */
export function useDeleteDevice() {
  const refresh = useRefresh();
  return useSWRMutation<void, Error, string, number | string>(urls.notificationDevices, deleteDevice, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh((key) => key === urls.notificationDevices),
  });
}
