import { BellRing, MonitorSmartphone, Radio, Send } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useDevices } from '@/api/notifications/get-devices';
import { currentSubscription, usePushPermission } from '@/lib/push';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { DeviceList } from './device-list';
import { NtfySettings } from './ntfy-settings';
import { PushToggle } from './push-toggle';
import { TestNotification } from './test-notification';
import './notification-channels.css';

/** The service's name, the same in every language. */
const NTFY = 'ntfy';

function Part({ id, icon, title, description, children }: { id: string; icon: ReactNode; title: string; description?: string; children: ReactNode }) {
  return (
    <section className="channels__part" aria-labelledby={id}>
      <div className="channels__part-head">
        <span className="icon-tile channels__part-icon" aria-hidden="true">
          {icon}
        </span>
        <div>
          <h3 id={id} className="channels__part-title">
            {title}
          </h3>
          {description ? <p className="channels__muted">{description}</p> : null}
        </div>
      </div>
      {children}
    </section>
  );
}

/**
 * NotificationChannelsCard (Settings › Notification Preferences): push on this browser with
 * the permission's four states (spec 02 §4), the caller's registered devices with Unregister,
 * a test notification of each of the five types, and the ntfy server and topic.
 */
export function NotificationChannelsCard() {
  const { user } = useSession();
  const { permission, refresh: refreshPermission } = usePushPermission();
  const devices = useDevices(Boolean(user));
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [check, setCheck] = useState(0);
  const t = useT();

  useEffect(() => {
    if (permission === 'unsupported') return;
    let cancelled = false;
    void currentSubscription().then((subscription) => {
      if (!cancelled) setEndpoint(subscription?.endpoint ?? null);
    });
    return () => {
      cancelled = true;
    };
  }, [permission, check]);

  const recheck = useCallback(() => setCheck((n) => n + 1), []);
  const thisDeviceRegistered = Boolean(endpoint && devices.data?.some((d) => d.playerId === endpoint));

  return (
    <div className="channels" role="group" aria-labelledby="notification-channels-title">
      <h3 id="notification-channels-title" className="visually-hidden">
        {t('settings.channels.title')}
      </h3>
      <Part
        id="channels-push-title"
        icon={<BellRing size={17} />}
        title={t('settings.channels.push')}
        description={t('settings.channels.pushText')}
      >
        <PushToggle
          permission={permission}
          refreshPermission={refreshPermission}
          thisDeviceRegistered={thisDeviceRegistered}
          onDeviceChange={recheck}
        />
      </Part>
      <Part id="channels-devices-title" icon={<MonitorSmartphone size={17} />} title={t('settings.channels.devices')}>
        <DeviceList devices={devices} currentEndpoint={endpoint} onThisDeviceRemoved={recheck} />
      </Part>
      <Part
        id="channels-test-title"
        icon={<Send size={17} />}
        title={t('settings.channels.test')}
        description={t('settings.channels.testText')}
      >
        <TestNotification />
      </Part>
      <Part
        id="channels-ntfy-title"
        icon={<Radio size={17} />}
        title={NTFY}
        description={t('settings.channels.ntfyText')}
      >
        <NtfySettings />
      </Part>
    </div>
  );
}
