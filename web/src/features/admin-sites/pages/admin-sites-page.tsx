import { Building, Globe, Mail, MapPin, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { useSiteCategories } from '@/api/sites/get-site-categories';
import { useSites } from '@/api/sites/get-sites';
import type { Site } from '@/api/types';
import { RecordList, RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { useRecordDialog } from '@/components/ui/form-dialog';
import { ListStates } from '@/components/ui/list-states';
import { RowActions } from '@/components/ui/row-actions';
import { SearchCard } from '@/components/ui/search-card';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { limitSymbol, limitText } from '@/lib/limits';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteSite } from '../api/delete-site';
import { useToggleSiteStatus } from '../api/toggle-site-status';
import { SiteFormDialog } from '../components/site-form-dialog';
import './admin-sites-page.css';

function searchSites(sites: Site[], search: string): Site[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return sites;
  return sites.filter((site) =>
    [site.name, site.city, site.state, site.country, site.email, site.description].some((f) => (f ?? '').toLowerCase().includes(needle)),
  );
}

/** place: "City, State, Country" of the parts that are set. */
export function place(site: Pick<Site, 'city' | 'state' | 'country'>): string {
  return [site.city, site.state, site.country].filter((part) => part && part.trim()).join(', ');
}

function DeleteSiteDialog({ site, onClose }: { site: Site | null; onClose: () => void }) {
  const { trigger, isMutating } = useDeleteSite();
  const { toast } = useToast();
  const remove = async () => {
    if (!site) return;
    try {
      await trigger(site.id);
      toast({ title: 'Site deleted', description: `${site.name} was deleted.`, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Error deleting site',
        description: getErrorMessage(error, 'The site could not be deleted. Please try again.'),
        variant: 'destructive',
      });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={site !== null}
      onOpenChange={(open) => {
        if (!open && !isMutating) onClose();
      }}
      title="Delete site"
      description={site ? `Are you sure you want to delete ${site.name}? This cannot be undone.` : ''}
      confirmLabel="Delete Site"
      pending={isMutating}
      onConfirm={() => void remove()}
    />
  );
}

/**
 * AdminSitesPage (/admin/sites, superadmins): every site with its limits (0 shown as ∞ or
 * Unlimited), an active switch, edit and delete; Add Site opens the site form.
 */
export function AdminSitesPage() {
  useDocumentTitle('Sites');
  const sites = useSites();
  const categories = useSiteCategories();
  const toggle = useToggleSiteStatus();
  const { toast } = useToast();
  const [search, setSearch] = useState('');
  const form = useRecordDialog<Site>();
  const [deleting, setDeleting] = useState<Site | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const all = useMemo(() => sites.data ?? [], [sites.data]);
  const visible = useMemo(() => searchSites(all, search), [all, search]);
  const categoryName = (id: number | null | undefined) => categories.data?.find((c) => c.id === id)?.name;

  const toggleStatus = async (site: Site) => {
    setToggling(site.id);
    try {
      const next = await toggle.trigger(site.id);
      toast({
        title: next?.status === 'inactive' ? 'Site deactivated' : 'Site activated',
        description: `${site.name} is now ${next?.status ?? 'changed'}.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Error updating site status',
        description: getErrorMessage(error, 'The status could not be changed. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setToggling(null);
    }
  };

  const content = (
    <ListStates
      query={sites}
      isEmpty={all.length === 0}
      noResults={visible.length === 0}
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
      noResultsState={{ text: `No site matches “${search.trim()}”.`, onClear: () => setSearch('') }}
    >
      <RecordList label="Sites">
        {visible.map((site) => {
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
    </ListStates>
  );

  return (
    <div className="sites-page">
      <PageHeader
        eyebrow="Administration"
        title="Sites"
        description="Every site with its users and limits. A limit of 0 means unlimited."
        actions={
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => form.edit(null)}>
            Add Site
          </Button>
        }
      />
      <SearchCard
        id="sites-title"
        icon={<Building size={18} />}
        title="All Sites"
        description={sites.data ? `${all.length} ${all.length === 1 ? 'site' : 'sites'}` : 'Sites and their limits'}
        search={{ label: 'Search sites', placeholder: 'Name, city, country or e-mail', value: search, onChange: setSearch }}
      >
        {content}
      </SearchCard>
      <SiteFormDialog {...form.dialog} site={form.record} />
      <DeleteSiteDialog site={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
