import { CloudOff, MonitorSmartphone, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteDevice } from '@/api/notifications/delete-device';
import type { useDevices } from '@/api/notifications/get-devices';
import type { Device } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { unsubscribeFromPush } from '@/lib/push';

/**
 * DeviceList: the caller's registered devices with Unregister. Unregistering this browser
 * also ends its push subscription, so that it is not registered again on the next load.
 */
export function DeviceList({
  devices,
  currentEndpoint,
  onThisDeviceRemoved,
}: {
  devices: ReturnType<typeof useDevices>;
  currentEndpoint: string | null;
  onThisDeviceRemoved: () => void;
}) {
  const { trigger } = useDeleteDevice();
  const { toast } = useToast();
  const [removing, setRemoving] = useState<number | null>(null);
  const t = useT();

  const unregister = async (device: Device) => {
    setRemoving(device.id);
    try {
      await trigger(device.id);
      if (device.playerId === currentEndpoint) {
        await unsubscribeFromPush();
        onThisDeviceRemoved();
      }
      toast({ title: t('settings.devices.unregistered'), description: t('settings.devices.unregisteredText'), variant: 'success' });
    } catch {
      toast({ title: t('settings.devices.unregisterFailed'), description: t('settings.devices.unregisterFailedText'), variant: 'destructive' });
    } finally {
      setRemoving(null);
    }
  };

  if (devices.isLoading) {
    return (
      <LoadingRegion label={t('settings.devices.loading')} className="channels__skeleton">
        <Skeleton height={48} />
        <Skeleton height={48} />
      </LoadingRegion>
    );
  }
  if (devices.error || !devices.data) {
    return (
      <div className="channels__state">
        <CloudOff size={18} aria-hidden="true" />
        <span>{t('settings.devices.loadFailed')}</span>
        <Button size="sm" variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void devices.mutate()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  if (devices.data.length === 0) {
    return <p className="channels__muted">{t('settings.devices.none')}</p>;
  }
  return (
    <ul className="device-list" aria-label={t('settings.channels.devices')}>
      {devices.data.map((device) => {
        const here = device.playerId === currentEndpoint;
        return (
          <li key={device.id} className="device-list__item">
            <MonitorSmartphone size={20} aria-hidden="true" className="device-list__icon" />
            <div className="device-list__text">
              <p className="device-list__name">
                {device.deviceName || t('settings.devices.unnamed')}
                {here ? <Badge tone="green">{t('settings.devices.thisDevice')}</Badge> : null}
                {device.pushEnabled ? null : <Badge tone="amber">{t('settings.devices.noKeys')}</Badge>}
              </p>
              <p className="device-list__meta">{t('settings.devices.registered', { date: formatDate(device.updatedAt || device.createdAt) || '—' })}</p>
            </div>
            <Button
              size="sm"
              variant="ghost"
              className="device-list__remove"
              icon={<Trash2 size={16} aria-hidden="true" />}
              loading={removing === device.id}
              disabled={removing !== null}
              aria-label={
                here
                  ? t('settings.devices.unregisterThisLabel', { name: device.deviceName || t('settings.devices.device') })
                  : t('settings.devices.unregisterLabel', { name: device.deviceName || t('settings.devices.device') })
              }
              onClick={() => void unregister(device)}
            >
              <span className="device-list__remove-text">{t('settings.devices.unregister')}</span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
