import { Building, Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { urls } from '@/api/keys';
import type { Site } from '@/api/types';
import { RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();

  const content = (
    <PagedDashboardList<Site>
      url={(q) => urls.sitesQuery({ q })}
      search={search}
      noMatches={(query) => t('admin.sites.noMatch', { query })}
      label={t('nav.sites')}
      loading={{ label: t('admin.sites.loading'), rows: 3 }}
      errorTitle={t('admin.sites.loadFailed')}
      empty={{
        icon: <Building size={22} />,
        title: superadmin ? t('admin.sites.none') : t('admin.noSiteId'),
        text: superadmin ? t('admin.sites.noneTab') : t('admin.noSiteText'),
      }}
      row={(site) => (
        <RecordRow
          key={site.id}
          label={site.name}
          title={site.name}
          icon={<Building size={18} />}
          badges={
            <>
              {site.status === 'inactive' ? <Badge tone="neutral">{t('admin.inactive')}</Badge> : <Badge tone="green">{t('admin.active')}</Badge>}
              {site.maintenanceMode ? <Badge tone="amber">{t('admin.maintenanceLabel')}</Badge> : null}
            </>
          }
          actions={
            <Link to={superadmin ? `/site-users?site=${site.id}` : '/site-users'} className={buttonClass('outline', 'sm')}>
              {t('nav.siteUsers')}
            </Link>
          }
        >
          {[site.city, site.country].filter(Boolean).length ? <p>{[site.city, site.country].filter(Boolean).join(', ')}</p> : null}
          <RecordMeta
            items={
              superadmin
                ? [
                    { label: t('nav.users'), value: `${site.userCount ?? 0} / ${limitSymbol(site.userLimit)}` },
                    { label: t('admin.sites.userLimit'), value: limitText(site.userLimit) },
                    { label: t('admin.sites.plantLimit'), value: limitText(site.plantLimit) },
                  ]
                : [{ label: t('nav.users'), value: String(site.userCount ?? 0) }]
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
          <p className="muted">{t('admin.sites.intro')}</p>
          <Link to="/admin/sites" className={buttonClass('primary')}>
            <Settings2 size={18} aria-hidden="true" />
            {t('admin.sites.manage')}
          </Link>
        </div>
      ) : null}
      {content}
    </div>
  );
}
