import { CalendarClock, List, LockKeyhole, Store } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { StatusScreen } from '@/components/ui/status-screen';
import { TabPanel, Tabs, useTabParam, type TabOption } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
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


/** Shown (with a toast) when no token is stored, before going home (spec 01 §2). */
function AuthenticationRequired() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const t = useT();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast({ title: t('plantdb.admin.authRequired'), description: t('plantdb.admin.authText'), variant: 'destructive' });
    navigate('/', { replace: true });
  }, [navigate, toast, t]);
  return (
    <StatusScreen tone="warning" icon={<LockKeyhole size={30} />} title={t('plantdb.admin.authRequired')}>
      <p>{t('plantdb.admin.authText')}</p>
    </StatusScreen>
  );
}

function AdministrationTabs() {
  const { user } = useSession();
  const [tab, setTab] = useTabParam(adminTabFromParam);
  const isAdmin = hasRole(user, 'admin');
  const importer = useImportRunner();
  const t = useT();
  const tabs: TabOption<AdminTab>[] = ADMIN_TABS.map((option) => ({ value: option.value, label: t(option.label), icon: icons[option.value] }));

  return (
    <div className="admin-page">
      <PageHeader
        eyebrow={t('nav.group.admin')}
        title={t('plantdb.admin.title')}
        description={t('plantdb.admin.description')}
      />
      <Tabs idBase={TABS_ID} label={t('plantdb.admin.tabsLabel')} options={tabs} value={tab} onChange={setTab} />
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
  const t = useT();
  useDocumentTitle(t('plantdb.admin.title'));
  if (!readToken()) return <AuthenticationRequired />;
  return <AdministrationTabs />;
}
