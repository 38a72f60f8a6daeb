/** The console's two tabs (spec 02 §2), held in `?tab=`. */
export type NotificationsTab = 'send' | 'history';

export const NOTIFICATIONS_TABS: readonly { value: NotificationsTab; label: string }[] = [
  { value: 'send', label: 'Send Notifications' },
  { value: 'history', label: 'Notification History' },
];

/** notificationsTabFromParam reads `?tab=`; a missing or unknown value is Send Notifications. */
export function notificationsTabFromParam(value: string | null): NotificationsTab {
  return NOTIFICATIONS_TABS.some((t) => t.value === value) ? (value as NotificationsTab) : 'send';
}
