import type { AppNotification } from '@/api/types';
import { useT } from '@/lib/i18n/provider';
import { fullTime, relativeTime } from './notification-format';

/**
 * NotificationItem: one entry of the bell's panel — title, relative time, the content clamped
 * to two lines; unread ones are highlighted with a dot (spec 01 §2).
 */
export function NotificationItem({
  notification,
  onSelect,
}: {
  notification: AppNotification;
  onSelect: (notification: AppNotification) => void;
}) {
  const t = useT();
  const unread = !notification.isRead;
  return (
    <li className="notification-item__row">
      <button
        type="button"
        className={unread ? 'notification-item notification-item--unread' : 'notification-item'}
        onClick={() => onSelect(notification)}
      >
        <span className="notification-item__dot" aria-hidden="true" />
        <span className="notification-item__body">
          <span className="notification-item__head">
            <span className="notification-item__title">{notification.title}</span>
            {unread ? <span className="visually-hidden">{t('notifications.bell.unread')}</span> : null}
          </span>
          <time className="notification-item__time" dateTime={notification.createdAt} title={fullTime(notification.createdAt)}>
            {relativeTime(notification.createdAt)}
          </time>
          {notification.content ? <span className="notification-item__content">{notification.content}</span> : null}
        </span>
      </button>
    </li>
  );
}
