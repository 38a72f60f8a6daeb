import type { MessageKey } from '@/lib/i18n/i18n';

/** The console's two tabs (spec 02 §2), held in `?tab=`; each label a catalogue key. */
export type NotificationsTab = 'send' | 'history';

export const NOTIFICATIONS_TABS: readonly { value: NotificationsTab; label: MessageKey }[] = [
  { value: 'send', label: 'notifications.tabs.send' },
  { value: 'history', label: 'notifications.tabs.history' },
];

/** notificationsTabFromParam reads `?tab=`; a missing or unknown value is Send Notifications. */
export function notificationsTabFromParam(value: string | null): NotificationsTab {
  return NOTIFICATIONS_TABS.some((t) => t.value === value) ? (value as NotificationsTab) : 'send';
}
