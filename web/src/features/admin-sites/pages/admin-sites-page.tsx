import { Building, Globe, Mail, MapPin, Plus } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { urls } from '@/api/keys';
import { useSiteCategories } from '@/api/sites/get-site-categories';
import type { Site } from '@/api/types';
import { countText, useSearchedList } from '@/api/use-searched-list';
import { AdminListPage } from '@/components/admin-list/admin-list-page';
import { RecordList, RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useRecordDialog } from '@/components/ui/form-dialog';
import { PagedListStates } from '@/components/ui/list-states';
import { RowActions } from '@/components/ui/row-actions';
import { Switch } from '@/components/ui/switch';
import { useToastedAction } from '@/components/ui/toasted-action';
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
  useDocumentTitle('Sites');
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
    question: (site) => `Are you sure you want to delete ${site.name}? This cannot be undone.`,
    mutation: remove,
  };

  const toggleStatus = async (site: Site) => {
    setToggling(site.id);
    await runAction(
      async () => {
        const next = await toggle.trigger(site.id);
        return {
          title: next?.status === 'inactive' ? 'Site deactivated' : 'Site activated',
          description: `${site.name} is now ${next?.status ?? 'changed'}.`,
          variant: 'success',
        };
      },
      { title: 'Error updating site status', fallback: 'The status could not be changed. Please try again.' },
    );
    setToggling(null);
  };

  const content = (
    <PagedListStates
      list={sites}
      filtered={query !== ''}
      compact
      loading={{ label: 'Loading sites…', rows: 4, height: 72, className: 'sites-skeleton' }}
      errorTitle="Failed to load sites"
      empty={{
        icon: <Building size={22} />,
        title: 'No sites yet',
        text: 'Each site has its own users, user limit and plant limit.',
        action: (
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => form.edit(null)}>
            Add Site
          </Button>
        ),
      }}
      noResultsState={{ text: `No site matches “${query}”.`, onClear: () => setSearch('') }}
    >
      <RecordList label="Sites">
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
                  {active ? <Badge tone="green">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
                  {site.maintenanceMode ? <Badge tone="amber">Maintenance</Badge> : null}
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
                      label="Active"
                      aria-label={`${site.name} active`}
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
                    label: 'Users',
                    value: (
                      <span aria-label={`${site.userCount ?? 0} of ${limitText(site.userLimit)} users`}>
                        {site.userCount ?? 0} / {limitSymbol(site.userLimit)}
                      </span>
                    ),
                  },
                  { label: 'Plant limit', value: limitText(site.plantLimit) },
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
    description: sites.isLoading || sites.error ? 'Sites and their limits' : countText(sites, 'site', 'sites'),
    search: { label: 'Search sites', placeholder: 'Name, city, country or e-mail', value: search, onChange: setSearch },
  };

  const frame = { noun: 'site', description: 'Every site with its users and limits. A limit of 0 means unlimited.', card, remove: removal };
  return (
    <AdminListPage {...frame} onAdd={() => form.edit(null)} form={<SiteFormDialog {...form.dialog} site={form.record} />}>
      {content}
    </AdminListPage>
  );
}
