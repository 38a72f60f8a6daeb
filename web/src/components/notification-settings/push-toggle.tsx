import { BellRing, MonitorSmartphone } from 'lucide-react';
import { getErrorMessage } from '@/api/client';
import { usePushPreference, useSavePushPreference } from '@/api/notifications/push-preference';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { isMobileDevice, useEnablePush, type PushPermission } from '@/lib/push';

/** The switch's texts for each state of the permission: keys of the settings catalogue. */
export const PUSH_TEXTS = {
  unsupported: 'settings.push.unsupported',
  notAsked: 'settings.push.notAsked',
  on: 'settings.push.on',
  off: 'settings.push.off',
  blockedTitle: 'settings.push.blockedTitle',
  blocked: 'settings.push.blocked',
} as const satisfies Record<string, MessageKey>;

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
  const t = useT();
  const busy = pending || save.isMutating;

  const savePreference = async (on: boolean) => {
    try {
      await save.trigger(on);
      return true;
    } catch (error) {
      toast({ title: t('settings.saveFailed'), description: getErrorMessage(error, t('settings.saveFailedText')), variant: 'destructive' });
      return false;
    }
  };

  const enableHere = async () => {
    let result;
    try {
      result = await enable();
    } catch {
      toast({ title: t('settings.push.permissionFailed'), description: t('settings.push.permissionFailedText'), variant: 'destructive' });
      refreshPermission();
      return;
    }
    refreshPermission();
    if (result.permission !== 'granted') {
      toast({ title: t('settings.push.permissionDenied'), description: t('settings.push.permissionDeniedText'), variant: 'destructive' });
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
        title: t('settings.saved'),
        description: on ? t('settings.push.savedOn') : t('settings.push.savedOff'),
        variant: 'success',
      });
    }
  };

  const granted = permission === 'granted';
  const description = t(
    permission === 'unsupported'
      ? PUSH_TEXTS.unsupported
      : permission === 'default'
        ? PUSH_TEXTS.notAsked
        : permission === 'denied'
          ? 'settings.push.blockedHere'
          : preference.pushOn
            ? PUSH_TEXTS.on
            : PUSH_TEXTS.off,
  );

  return (
    <div className="channels__push">
      <Switch
        label={t('settings.push.label')}
        description={description}
        checked={granted && preference.pushOn}
        disabled={!granted || busy || preference.isLoading}
        onCheckedChange={(on) => void toggle(on)}
      />
      {permission === 'default' ? (
        <div className="channels__enable">
          <Button icon={<BellRing size={18} aria-hidden="true" />} loading={pending} onClick={() => void enableHere()}>
            {t('settings.push.enable')}
          </Button>
          {isMobileDevice() ? <p className="field__hint">{t('settings.push.mobileHint')}</p> : null}
        </div>
      ) : null}
      {permission === 'denied' ? (
        <Alert variant="warning" title={t(PUSH_TEXTS.blockedTitle)}>
          {t(PUSH_TEXTS.blocked)}
        </Alert>
      ) : null}
      {granted && preference.pushOn && !thisDeviceRegistered ? (
        <div className="channels__enable">
          <p className="field__hint">{t('settings.push.notRegistered')}</p>
          <Button
            variant="outline"
            size="sm"
            icon={<MonitorSmartphone size={16} aria-hidden="true" />}
            loading={pending}
            onClick={() => void subscribeAndRegister().then(onDeviceChange)}
          >
            {t('settings.push.register')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
