import { History, Send } from 'lucide-react';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { TabPanel, Tabs, useTabParam, type TabOption } from '@/components/ui/tabs';
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

const TAB_OPTIONS: TabOption<NotificationsTab>[] = NOTIFICATIONS_TABS.map((tab) => ({ ...tab, icon: icons[tab.value] }));

/**
 * NotificationsAdminPage (/admin/notifications, superadmins): Notifications Management with
 * the tabs Send Notifications and Notification History, kept in `?tab=` (spec 02 §2).
 */
export function NotificationsAdminPage() {
  useDocumentTitle('Notifications Management');
  const [tab, setTab] = useTabParam(notificationsTabFromParam);

  return (
    <div className="notifications-admin">
      <PageHeader
        eyebrow="Administration"
        title="Notifications Management"
        description="Send announcements to everyone, to one site or to one person, and review what was sent."
      />
      <Tabs idBase={TABS_ID} label="Notifications section" options={TAB_OPTIONS} value={tab} onChange={setTab} />
      <TabPanel idBase={TABS_ID} value={tab}>
        {tab === 'send' ? (
          <Card aria-labelledby="send-notification-title">
            <CardHeader
              icon={<Send size={18} />}
              title={<span id="send-notification-title">Send a Notification</span>}
              description="It appears in the bell of everyone it reaches, and goes to their devices, e-mail and ntfy as they chose."
            />
            <CardBody>
              <SendNotificationForm />
            </CardBody>
          </Card>
        ) : (
          <Card aria-labelledby="notification-history-title">
            <CardHeader
              icon={<History size={18} />}
              title={<span id="notification-history-title">Notification History</span>}
              description="Newest first, 50 at a time. Read means everyone it was sent to has read it."
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
