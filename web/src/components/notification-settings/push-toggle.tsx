import { BellRing, MonitorSmartphone } from 'lucide-react';
import { getErrorMessage } from '@/api/client';
import { usePushPreference, useSavePushPreference } from '@/api/notifications/push-preference';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { MOBILE_SETTINGS_HINT, PUSH_TOASTS, isMobileDevice, useEnablePush, type PushPermission } from '@/lib/push';

export const PUSH_TEXTS = {
  unsupported: 'This browser does not support push notifications. You still get them in the bell, by e-mail and on ntfy.',
  notAsked: 'Allow this browser to show notifications, then choose whether Garden sends pushes.',
  on: 'Pushes go to every device registered below.',
  off: 'Off: no pushes to any of your devices.',
  blockedTitle: 'Notifications are blocked',
  blocked:
    'Your browser blocks notifications from Garden. Allow them in the site settings (the icon beside the address), then come back to this page.',
} as const;

const SAVE_FAILED = { title: 'Error saving settings', description: 'There was a problem saving settings. Please try again.' };

/**
 * PushToggle: the account's push preference with the browser's permission (spec 02 §4) —
 * unsupported (disabled), not asked (an Enable button), granted (the switch works), denied
 * (disabled, with a blocked message).
 */
export function PushToggle({
  permission,
  refreshPermission,
  thisDeviceRegistered,
  onDeviceChange,
}: {
  permission: PushPermission;
  refreshPermission: () => PushPermission;
  /** This browser's subscription is in the device list. */
  thisDeviceRegistered: boolean;
  /** Called after this browser subscribed or registered. */
  onDeviceChange: () => void;
}) {
  const preference = usePushPreference();
  const save = useSavePushPreference();
  const { enable, subscribeAndRegister, pending } = useEnablePush();
  const { toast } = useToast();
  const busy = pending || save.isMutating;

  const savePreference = async (on: boolean) => {
    try {
      await save.trigger(on);
      return true;
    } catch (error) {
      toast({ ...SAVE_FAILED, description: getErrorMessage(error, SAVE_FAILED.description), variant: 'destructive' });
      return false;
    }
  };

  const enableHere = async () => {
    let result;
    try {
      result = await enable();
    } catch {
      toast(PUSH_TOASTS.permissionFailed);
      refreshPermission();
      return;
    }
    refreshPermission();
    if (result.permission !== 'granted') {
      toast(PUSH_TOASTS.permissionDenied);
      return;
    }
    onDeviceChange();
    if (!preference.pushOn) await savePreference(true);
  };

  const toggle = async (on: boolean) => {
    if (on && !thisDeviceRegistered) {
      const device = await subscribeAndRegister();
      onDeviceChange();
      if (!device) return;
    }
    if (await savePreference(on)) {
      toast({
        title: 'Settings saved',
        description: on ? 'Push notifications are on.' : 'Push notifications are off.',
        variant: 'success',
      });
    }
  };

  const granted = permission === 'granted';
  const description =
    permission === 'unsupported'
      ? PUSH_TEXTS.unsupported
      : permission === 'default'
        ? PUSH_TEXTS.notAsked
        : permission === 'denied'
          ? 'Blocked in this browser.'
          : preference.pushOn
            ? PUSH_TEXTS.on
            : PUSH_TEXTS.off;

  return (
    <div className="channels__push">
      <Switch
        label="Push notifications"
        description={description}
        checked={granted && preference.pushOn}
        disabled={!granted || busy || preference.isLoading}
        onCheckedChange={(on) => void toggle(on)}
      />
      {permission === 'default' ? (
        <div className="channels__enable">
          <Button icon={<BellRing size={18} aria-hidden="true" />} loading={pending} onClick={() => void enableHere()}>
            Enable
          </Button>
          {isMobileDevice() ? <p className="field__hint">{MOBILE_SETTINGS_HINT}</p> : null}
        </div>
      ) : null}
      {permission === 'denied' ? (
        <Alert variant="warning" title={PUSH_TEXTS.blockedTitle}>
          {PUSH_TEXTS.blocked}
        </Alert>
      ) : null}
      {granted && preference.pushOn && !thisDeviceRegistered ? (
        <div className="channels__enable">
          <p className="field__hint">This browser is not registered for pushes yet.</p>
          <Button
            variant="outline"
            size="sm"
            icon={<MonitorSmartphone size={16} aria-hidden="true" />}
            loading={pending}
            onClick={() => void subscribeAndRegister().then(onDeviceChange)}
          >
            Register this device
          </Button>
        </div>
      ) : null}
    </div>
  );
}
