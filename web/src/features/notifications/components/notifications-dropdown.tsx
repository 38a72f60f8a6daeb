import * as Popover from '@radix-ui/react-popover';
import { BellOff, CloudOff, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AppNotification } from '@/api/types';
import { Button } from '@/components/ui/button';
import type { DeferredProps } from '@/components/ui/deferred';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { unreadCount, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { appPath } from './notification-format';
import { NotificationItem } from './notification-item';
import { BellButton } from './notifications-bell';
import './notifications.css';

const readFailed = (all: boolean) =>
  ({
    title: t('notifications.bell.updateFailed'),
    description: t(all ? 'notifications.bell.readAllFailed' : 'notifications.bell.readFailed'),
    variant: 'destructive',
  }) as const;

function PanelBody({
  list,
  onSelect,
}: {
  list: ReturnType<typeof useNotifications>;
  onSelect: (notification: AppNotification) => void;
}) {
  const t = useT();
  if (list.isLoading && !list.data) {
    return (
      <LoadingRegion label={t('notifications.bell.loading')} className="notifications-panel__skeleton">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={52} />
        ))}
      </LoadingRegion>
    );
  }
  if (list.error && !list.data) {
    return (
      <div className="notifications-panel__state">
        <CloudOff size={22} aria-hidden="true" />
        <p>{t('notifications.bell.loadFailed')}</p>
        <Button size="sm" variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void list.mutate()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  const notifications = list.data ?? [];
  if (notifications.length === 0) {
    return (
      <div className="notifications-panel__state">
        <BellOff size={22} aria-hidden="true" />
        <p>{t('notifications.bell.none')}</p>
      </div>
    );
  }
  return (
    <ul className="notifications-panel__list" aria-label={t('notifications.bell.list')}>
      {notifications.map((n) => (
        <NotificationItem key={n.id} notification={n} onSelect={onSelect} />
      ))}
    </ul>
  );
}

/**
 * NotificationsDropdown: the header's bell (spec 01 §2) with a red badge of the unread count
 * ("9+" above 9) and a panel titled Notifications: Mark all as read (when there are
 * notifications), the items, or "No notifications to display". Clicking an item marks it read
 * and follows its data.url when that is a path of the app.
 */
export function NotificationsDropdown({ defaultOpen = false }: DeferredProps) {
  const t = useT();
  const { user } = useSession();
  const list = useNotifications(Boolean(user));
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(defaultOpen);
  const titleId = useId();

  if (!user) return null;
  const notifications = list.data ?? [];
  const unread = unreadCount(notifications);

  const select = (notification: AppNotification) => {
    const path = appPath(notification.data?.url);
    if (!notification.isRead) {
      markRead(notification.id).catch(() => toast(readFailed(false)));
    }
    if (path) {
      setOpen(false);
      navigate(path);
    }
  };

  const readAll = async () => {
    try {
      await markAll.trigger();
    } catch {
      toast(readFailed(true));
    }
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // The list is read again whenever the panel opens (there is no polling).
        if (next) void list.mutate();
      }}
    >
      {/* data-ready: the count is the server's now, not the placeholder's (browser tests wait for it). */}
      <Popover.Trigger asChild>
        <BellButton unread={unread} data-ready={list.data ? true : undefined} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="notifications-panel"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={`${titleId}-title`}
        >
          <div className="notifications-panel__header">
            <h2 id={`${titleId}-title`} className="notifications-panel__title">
              {t('nav.notifications')}
            </h2>
            {notifications.length > 0 ? (
              <button
                type="button"
                className="notifications-panel__mark-all"
                disabled={unread === 0 || markAll.isMutating}
                onClick={() => void readAll()}
              >
                {t('notifications.bell.markAll')}
              </button>
            ) : null}
          </div>
          <div className="notifications-panel__body">
            <PanelBody list={list} onSelect={select} />
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
