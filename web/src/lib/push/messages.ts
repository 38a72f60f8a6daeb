import type { ToastInput } from '@/components/ui/toast';
import { t, type MessageKey } from '@/lib/i18n/i18n';

/**
 * toastOf: a toast whose texts are read in the shown language when it is shown (the catalogue
 * keys are the notifications area's, which the bell, the prompt and the push runtime load).
 */
function toastOf(title: MessageKey, description: MessageKey, variant: 'success' | 'destructive'): ToastInput & { title: string; description: string } {
  return {
    get title() {
      return t(title);
    },
    get description() {
      return t(description);
    },
    variant,
  };
}

/** The notification toasts of spec 01 §8 and spec 02 §8, word for word in English. */
export const PUSH_TOASTS = {
  deviceRegistered: toastOf('notifications.push.registered', 'notifications.push.registeredText', 'success'),
  registrationFailed: toastOf('notifications.push.registrationFailed', 'notifications.push.registrationFailedText', 'destructive'),
  deviceUnregistered: toastOf('notifications.push.unregistered', 'notifications.push.unregisteredText', 'success'),
  unregistrationFailed: toastOf('notifications.push.unregistrationFailed', 'notifications.push.unregistrationFailedText', 'destructive'),
  enabled: toastOf('notifications.push.enabled', 'notifications.push.enabledText', 'success'),
  permissionDenied: toastOf('notifications.push.denied', 'notifications.push.deniedText', 'destructive'),
  permissionFailed: toastOf('notifications.push.permissionFailed', 'notifications.push.permissionFailedText', 'destructive'),
};

/** The hint shown on phones and tablets (spec 01 §2), in the shown language. */
export const mobileSettingsHint = (): string => t('notifications.push.mobileHint');
