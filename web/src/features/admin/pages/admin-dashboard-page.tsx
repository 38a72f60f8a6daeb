import { Building, Download, ShieldCheck, Tags, Users, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
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

const TAB_OPTIONS: TabOption<DashboardTab>[] = DASHBOARD_TABS.map((tab) => ({ ...tab, icon: icons[tab.value] }));

const placeholders: Record<DashboardTab, string> = {
  users: 'Search users by name, username or e-mail',
  categories: 'Search categories',
  sites: 'Search sites by name or place',
  community: 'Search community tools',
};

/**
 * AdminDashboardPage (/admin, admins): a search box and the tabs Users, Categories, Sites and
 * Community (kept in ?tab=); the search filters the open tab.
 */
export function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
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
      toast({ title: 'Backup failed', description: getErrorMessage(error, 'The backup could not be downloaded.'), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="dashboard-page">
      <PageHeader
        eyebrow="Administration"
        title="Admin Dashboard"
        description="Users, their categories, the sites and the community tools in one place."
        actions={
          me?.role === 'superadmin' ? (
            <Button variant="outline" icon={<Download size={18} aria-hidden="true" />} onClick={backup} disabled={downloading}>
              {downloading ? 'Preparing backup…' : 'Download backup'}
            </Button>
          ) : null
        }
      />
      <div className="dashboard-search" role="search">
        <SearchField
          label="Search"
          placeholder={placeholders[tab]}
          value={search}
          onChange={(value) => setSearch(value)}
        />
      </div>
      <Tabs idBase={TABS_ID} label="Admin section" options={TAB_OPTIONS} value={tab} onChange={setTab} />
      <TabPanel idBase={TABS_ID} value={tab}>
        {tab === 'users' ? <UsersTab search={search} /> : null}
        {tab === 'categories' ? <CategoriesTab search={search} /> : null}
        {tab === 'sites' ? <SitesTab search={search} /> : null}
        {tab === 'community' ? <CommunityTab search={search} /> : null}
      </TabPanel>
      <p className="dashboard-footnote">
        <ShieldCheck size={16} aria-hidden="true" /> Only superadmins see every user and site; admins see their own site.
      </p>
    </div>
  );
}
