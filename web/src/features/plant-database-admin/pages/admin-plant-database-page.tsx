import { CalendarClock, List, LockKeyhole, Store } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { StatusScreen } from '@/components/ui/status-screen';
import { TabPanel, Tabs, useTabParam, type TabOption } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { hasRole, readToken, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ADMIN_TABS, adminTabFromParam, type AdminTab } from '../components/admin-tabs';
import { EcommerceTab } from '../components/ecommerce-tab';
import { ImportScheduleTab } from '../components/import-schedule-tab';
import { PlantListTab } from '../components/plant-list-tab';
import { useImportRunner } from '../components/use-import-runner';
import './admin-plant-database-page.css';

const TABS_ID = 'admin-plant-database';

const icons: Record<AdminTab, TabOption<AdminTab>['icon']> = {
  list: <List size={17} />,
  ecommerce: <Store size={17} />,
  schedule: <CalendarClock size={17} />,
};

const TAB_OPTIONS: TabOption<AdminTab>[] = ADMIN_TABS.map((tab) => ({ ...tab, icon: icons[tab.value] }));

/** Shown (with a toast) when no token is stored, before going home (spec 01 §2). */
function AuthenticationRequired() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast({ title: 'Authentication Required', description: 'Please log in to access this page.', variant: 'destructive' });
    navigate('/', { replace: true });
  }, [navigate, toast]);
  return (
    <StatusScreen tone="warning" icon={<LockKeyhole size={30} />} title="Authentication Required">
      <p>Please log in to access this page.</p>
    </StatusScreen>
  );
}

function AdministrationTabs() {
  const { user } = useSession();
  const [tab, setTab] = useTabParam(adminTabFromParam);
  const isAdmin = hasRole(user, 'admin');
  const importer = useImportRunner();

  return (
    <div className="admin-page">
      <PageHeader
        eyebrow="Administration"
        title="Plant Database Administration"
        description="Manage the species every gardener can browse, import them from the seed store and schedule the daily import."
      />
      <Tabs idBase={TABS_ID} label="Administration section" options={TAB_OPTIONS} value={tab} onChange={setTab} />
      <TabPanel idBase={TABS_ID} value={tab}>
        {tab === 'list' ? <PlantListTab enabled={isAdmin} /> : null}
        {tab === 'ecommerce' ? <EcommerceTab importer={importer} enabled={isAdmin} /> : null}
        {tab === 'schedule' ? <ImportScheduleTab /> : null}
      </TabPanel>
    </div>
  );
}

/**
 * AdminPlantDatabasePage (/admin/plant-database, admins): three tabs kept in `?tab=` —
 * list, ecommerce (Ecommerce Import) and schedule (Import Schedule). It needs a stored
 * token; without one it says so and goes home.
 */
export function AdminPlantDatabasePage() {
  useDocumentTitle('Plant Database Administration');
  if (!readToken()) return <AuthenticationRequired />;
  return <AdministrationTabs />;
}
