import { Building, Download, ShieldCheck, Tags, Users, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { SearchField } from '@/components/ui/search-field';
import { TabPanel, Tabs, useTabParam, type TabOption } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { downloadBackup } from '../api/download-backup';
import { DASHBOARD_TABS, dashboardTabFromParam, type DashboardTab } from '../components/admin-tabs';
import { CategoriesTab } from '../components/categories-tab';
import { CommunityTab } from '../components/community-tab';
import { SitesTab } from '../components/sites-tab';
import { UsersTab } from '../components/users-tab';
import './admin-dashboard-page.css';

const TABS_ID = 'admin-dashboard';

const icons: Record<DashboardTab, TabOption<DashboardTab>['icon']> = {
  users: <Users size={17} />,
  categories: <Tags size={17} />,
  sites: <Building size={17} />,
  community: <UsersRound size={17} />,
};

const placeholders: Record<DashboardTab, MessageKey> = {
  users: 'admin.dashboard.searchUsers',
  categories: 'admin.dashboard.searchCategories',
  sites: 'admin.dashboard.searchSites',
  community: 'admin.dashboard.searchCommunity',
};

/**
 * AdminDashboardPage (/admin, admins): a search box and the tabs Users, Categories, Sites and
 * Community (kept in ?tab=); the search filters the open tab.
 */
export function AdminDashboardPage() {
  const t = useT();
  useDocumentTitle(t('nav.adminDashboard'));
  const tabOptions: TabOption<DashboardTab>[] = DASHBOARD_TABS.map((tab) => ({ value: tab.value, label: t(tab.label), icon: icons[tab.value] }));
  const [tab, setTab] = useTabParam(dashboardTabFromParam);
  const [search, setSearch] = useState('');
  const { user: me } = useSession();
  const { toast } = useToast();
  const [downloading, setDownloading] = useState(false);

  const backup = async () => {
    setDownloading(true);
    try {
      await downloadBackup();
    } catch (error) {
      toast({ title: t('admin.dashboard.backupFailed'), description: getErrorMessage(error, t('admin.dashboard.backupFailedText')), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="dashboard-page">
      <PageHeader
        eyebrow={t('nav.group.admin')}
        title={t('nav.adminDashboard')}
        description={t('admin.dashboard.text')}
        actions={
          me?.role === 'superadmin' ? (
            <Button variant="outline" icon={<Download size={18} aria-hidden="true" />} onClick={backup} disabled={downloading}>
              {downloading ? t('admin.dashboard.preparingBackup') : t('admin.dashboard.downloadBackup')}
            </Button>
          ) : null
        }
      />
      <div className="dashboard-search" role="search">
        <SearchField
          label={t('admin.dashboard.search')}
          placeholder={t(placeholders[tab])}
          value={search}
          onChange={(value) => setSearch(value)}
        />
      </div>
      <Tabs idBase={TABS_ID} label={t('admin.dashboard.section')} options={tabOptions} value={tab} onChange={setTab} />
      <TabPanel idBase={TABS_ID} value={tab}>
        {tab === 'users' ? <UsersTab search={search} /> : null}
        {tab === 'categories' ? <CategoriesTab search={search} /> : null}
        {tab === 'sites' ? <SitesTab search={search} /> : null}
        {tab === 'community' ? <CommunityTab search={search} /> : null}
      </TabPanel>
      <p className="dashboard-footnote">
        <ShieldCheck size={16} aria-hidden="true" /> {t('admin.dashboard.footnote')}
      </p>
    </div>
  );
}
