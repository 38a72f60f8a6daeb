import { History, Send } from 'lucide-react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { TabPanel, Tabs, useTabParam, type TabOption } from '@/components/ui/tabs';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { NOTIFICATIONS_TABS, notificationsTabFromParam, type NotificationsTab } from '../components/admin-tabs';
import { NotificationHistory } from '../components/notification-history';
import { SendNotificationForm } from '../components/send-notification-form';
import './notifications-admin-page.css';

const TABS_ID = 'admin-notifications';

const icons: Record<NotificationsTab, TabOption<NotificationsTab>['icon']> = {
  send: <Send size={17} />,
  history: <History size={17} />,
};

/**
 * NotificationsAdminPage (/admin/notifications, superadmins): Notifications Management with
 * the tabs Send Notifications and Notification History, kept in `?tab=` (spec 02 §2).
 */
export function NotificationsAdminPage() {
  const t = useT();
  useDocumentTitle(t('notifications.admin.title'));
  const [tab, setTab] = useTabParam(notificationsTabFromParam);
  const tabOptions: TabOption<NotificationsTab>[] = NOTIFICATIONS_TABS.map((o) => ({ ...o, label: t(o.label), icon: icons[o.value] }));

  return (
    <div className="notifications-admin">
      <PageHeader
        eyebrow={t('nav.group.admin')}
        title={t('notifications.admin.title')}
        description={t('notifications.admin.description')}
      />
      <Tabs idBase={TABS_ID} label={t('notifications.admin.tabs')} options={tabOptions} value={tab} onChange={setTab} />
      <TabPanel idBase={TABS_ID} value={tab}>
        {tab === 'send' ? (
          <Card aria-labelledby="send-notification-title">
            <CardHeader
              icon={<Send size={18} />}
              title={<span id="send-notification-title">{t('notifications.send.title')}</span>}
              description={t('notifications.send.description')}
            />
            <CardBody>
              <SendNotificationForm />
            </CardBody>
          </Card>
        ) : (
          <Card aria-labelledby="notification-history-title">
            <CardHeader
              icon={<History size={18} />}
              title={<span id="notification-history-title">{t('notifications.tabs.history')}</span>}
              description={t('notifications.history.description')}
            />
            <CardBody>
              <NotificationHistory />
            </CardBody>
          </Card>
        )}
      </TabPanel>
    </div>
  );
}
