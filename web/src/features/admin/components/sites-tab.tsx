import { Building, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { urls } from '@/api/keys';
import type { Site } from '@/api/types';
import { RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { limitSymbol, limitText } from '@/lib/limits';
import { useSession } from '@/lib/session';
import { PagedDashboardList } from './dashboard-list';

/**
 * SitesTab: a superadmin sees every site with its limits (0 shown as ∞ or Unlimited) a page
 * at a time, searched on the server with the dashboard's search, and a link to manage them;
 * others see their own site.
 */
export function SitesTab({ search }: { search: string }) {
  const { user } = useSession();
  const superadmin = user?.role === 'superadmin';

  const content = (
    <PagedDashboardList<Site>
      url={(q) => urls.sitesQuery({ q })}
      search={search}
      noun="site"
      label="Sites"
      loading={{ label: 'Loading sites…', rows: 3 }}
      errorTitle="Failed to load sites"
      empty={{
        icon: <Building size={22} />,
        title: superadmin ? 'No sites yet' : 'No site ID available',
        text: superadmin ? 'Create a site on the Sites page.' : 'Your account does not belong to a site.',
      }}
      row={(site) => (
        <RecordRow
          key={site.id}
          label={site.name}
          title={site.name}
          icon={<Building size={18} />}
          badges={
            <>
              {site.status === 'inactive' ? <Badge tone="neutral">Inactive</Badge> : <Badge tone="green">Active</Badge>}
              {site.maintenanceMode ? <Badge tone="amber">Maintenance</Badge> : null}
            </>
          }
          actions={
            <Link to={superadmin ? `/site-users?site=${site.id}` : '/site-users'} className={buttonClass('outline', 'sm')}>
              Site Users
            </Link>
          }
        >
          {[site.city, site.country].filter(Boolean).length ? <p>{[site.city, site.country].filter(Boolean).join(', ')}</p> : null}
          <RecordMeta
            items={
              superadmin
                ? [
                    { label: 'Users', value: `${site.userCount ?? 0} / ${limitSymbol(site.userLimit)}` },
                    { label: 'User limit', value: limitText(site.userLimit) },
                    { label: 'Plant limit', value: limitText(site.plantLimit) },
                  ]
                : [{ label: 'Users', value: String(site.userCount ?? 0) }]
            }
          />
        </RecordRow>
      )}
    />
  );

  return (
    <div className="dashboard-tab">
      {superadmin ? (
        <div className="dashboard-tab__bar">
          <p className="muted">Every site and its limits. A limit of 0 means unlimited.</p>
          <Link to="/admin/sites" className={buttonClass('primary')}>
            <Settings2 size={18} aria-hidden="true" />
            Manage Sites
          </Link>
        </div>
      ) : null}
      {content}
    </div>
  );
}
