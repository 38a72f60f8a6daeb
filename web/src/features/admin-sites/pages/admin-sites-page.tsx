import { Building, Globe, Mail, MapPin, Plus } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { urls } from '@/api/keys';
import { useSiteCategories } from '@/api/sites/get-site-categories';
import type { Site } from '@/api/types';
import { useSearchedList } from '@/api/use-searched-list';
import { AdminListPage } from '@/components/admin-list/admin-list-page';
import { RecordList, RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useRecordDialog } from '@/components/ui/form-dialog';
import { PagedListStates } from '@/components/ui/list-states';
import { RowActions } from '@/components/ui/row-actions';
import { Switch } from '@/components/ui/switch';
import { useToastedAction } from '@/components/ui/toasted-action';
import { useT } from '@/lib/i18n/provider';
import { limitSymbol, limitText } from '@/lib/limits';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteSite } from '../api/delete-site';
import { useToggleSiteStatus } from '../api/toggle-site-status';
import { SiteFormDialog } from '../components/site-form-dialog';
import './admin-sites-page.css';

/** place: "City, State, Country" of the parts that are set. */
export function place(site: Pick<Site, 'city' | 'state' | 'country'>): string {
  return [site.city, site.state, site.country].filter((part) => part && part.trim()).join(', ');
}

/**
 * AdminSitesPage (/admin/sites, superadmins): every site with its limits (0 shown as ∞ or
 * Unlimited), an active switch, edit and delete; Add Site opens the site form. Sites come one
 * server page at a time ("Load more"), searched on the server.
 */
export function AdminSitesPage() {
  const t = useT();
  useDocumentTitle(t('nav.sites'));
  const { search, setSearch, query, list: sites } = useSearchedList<Site>((q) => urls.sitesQuery({ q }));
  const categories = useSiteCategories();
  const toggle = useToggleSiteStatus();
  const remove = useDeleteSite();
  const runAction = useToastedAction();
  const form = useRecordDialog<Site>();
  const [deleting, setDeleting] = useState<Site | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const categoryName = (id: number | null | undefined) => categories.data?.find((c) => c.id === id)?.name;

  const removal: ComponentProps<typeof AdminListPage<Site>>['remove'] = {
    record: deleting,
    onClose: () => setDeleting(null),
    noun: 'site',
    name: (site) => site.name,
    question: (site) => t('admin.sites.deleteText', { name: site.name }),
    mutation: remove,
  };

  const toggleStatus = async (site: Site) => {
    setToggling(site.id);
    await runAction(
      async () => {
        const next = await toggle.trigger(site.id);
        return {
          title: next?.status === 'inactive' ? t('admin.sites.deactivated') : t('admin.sites.activated'),
          description: t('admin.sites.statusText', { name: site.name, status: next?.status ?? 'changed' }),
          variant: 'success',
        };
      },
      { title: t('admin.sites.statusFailed'), fallback: t('admin.statusFailedText') },
    );
    setToggling(null);
  };

  const content = (
    <PagedListStates
      list={sites}
      filtered={query !== ''}
      compact
      loading={{ label: t('admin.sites.loading'), rows: 4, height: 72, className: 'sites-skeleton' }}
      errorTitle={t('admin.sites.loadFailed')}
      empty={{
        icon: <Building size={22} />,
        title: t('admin.sites.none'),
        text: t('admin.sites.noneText'),
        action: (
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => form.edit(null)}>
            {t('admin.sites.add')}
          </Button>
        ),
      }}
      noResultsState={{ text: t('admin.sites.noMatch', { query }), onClear: () => setSearch('') }}
    >
      <RecordList label={t('nav.sites')}>
        {sites.items.map((site) => {
          const active = site.status !== 'inactive';
          const category = categoryName(site.categoryId);
          const where = place(site);
          return (
            <RecordRow
              key={site.id}
              label={site.name}
              title={site.name}
              muted={!active}
              icon={<Building size={18} />}
              badges={
                <>
                  {active ? <Badge tone="green">{t('admin.active')}</Badge> : <Badge tone="neutral">{t('admin.inactive')}</Badge>}
                  {site.maintenanceMode ? <Badge tone="amber">{t('admin.maintenanceLabel')}</Badge> : null}
                  {category ? <Badge tone="blue">{category}</Badge> : null}
                </>
              }
              actions={
                <RowActions
                  name={site.name}
                  onEdit={() => form.edit(site)}
                  onDelete={() => setDeleting(site)}
                  before={
                    <Switch
                      label={t('admin.active')}
                      aria-label={t('admin.sites.activeLabel', { name: site.name })}
                      checked={active}
                      disabled={toggling !== null}
                      onCheckedChange={() => void toggleStatus(site)}
                    />
                  }
                />
              }
            >
              {site.description ? <p>{site.description}</p> : null}
              <div className="sites-contact">
                {where ? (
                  <span>
                    <MapPin size={14} aria-hidden="true" /> {where}
                  </span>
                ) : null}
                {site.email ? (
                  <span>
                    <Mail size={14} aria-hidden="true" /> {site.email}
                  </span>
                ) : null}
                {site.website ? (
                  <span>
                    <Globe size={14} aria-hidden="true" /> {site.website}
                  </span>
                ) : null}
              </div>
              <RecordMeta
                items={[
                  {
                    label: t('nav.users'),
                    value: (
                      <span aria-label={t('admin.usersOfLimit', { count: site.userCount ?? 0, limit: limitText(site.userLimit) })}>
                        {site.userCount ?? 0} / {limitSymbol(site.userLimit)}
                      </span>
                    ),
                  },
                  { label: t('admin.sites.plantLimit'), value: limitText(site.plantLimit) },
                ]}
              />
            </RecordRow>
          );
        })}
      </RecordList>
    </PagedListStates>
  );

  const card = {
    icon: <Building size={18} />,
    description:
      sites.isLoading || sites.error
        ? t('admin.sites.every')
        : t('admin.sites.count', { count: sites.items.length, more: sites.hasMore ? 'yes' : 'no' }),
    search: { label: t('shared.serverPicker.searchSites'), placeholder: t('admin.sites.searchHint'), value: search, onChange: setSearch },
  };

  const frame = { noun: 'site' as const, description: t('admin.sites.text'), card, remove: removal };
  return (
    <AdminListPage {...frame} onAdd={() => form.edit(null)} form={<SiteFormDialog {...form.dialog} site={form.record} />}>
      {content}
    </AdminListPage>
  );
}
