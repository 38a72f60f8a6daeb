import { Building, CloudOff, RefreshCw, UserPlus, UserRoundPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { getErrorMessage } from '@/api/client';
import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { Site, SiteRole, SiteUser } from '@/api/types';
import { useSearchedList } from '@/api/use-searched-list';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ListStates, PagedListStates } from '@/components/ui/list-states';
import { SearchToolbar } from '@/components/ui/search-field';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { displayName } from '@/lib/format';
import { isLimitReached, limitSymbol, limitText } from '@/lib/limits';
import { useSession } from '@/lib/session';
import { parseId } from '@/lib/urls';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCurrentSite } from '../api/get-current-site';
import { useRemoveSiteUser } from '../api/remove-site-user';
import { useSetSiteUserActive } from '../api/set-site-user-active';
import { useSetSiteUserAdmin } from '../api/update-site-user-admin';
import { useSetSiteUserRole } from '../api/update-site-user-role';
import { AddExistingUserDialog } from '../components/add-existing-user-dialog';
import { AddUserDialog } from '../components/add-user-dialog';
import { SitePicker } from '../components/site-picker';
import { SiteUserCard } from '../components/site-user-card';
import './site-users-page.css';

export const USER_LIMIT_REACHED = 'User limit reached';

/** limitWarning: the text under "User limit reached". */
export function limitWarning(site: Pick<Site, 'name' | 'userLimit'>, count: number): string {
  return `${site.name} has ${count} of ${site.userLimit} users. Remove a user or ask a superadmin to raise the limit before adding more.`;
}

const CARD_SKELETONS = Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={180} radius={12} />);

function CardsSkeleton() {
  return (
    <LoadingRegion label="Loading site users…" className="site-users-grid site-users-grid--loading">
      {CARD_SKELETONS}
    </LoadingRegion>
  );
}

function Failed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <EmptyState
      icon={<CloudOff size={24} />}
      title={title}
      action={
        <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={retry}>
          Try again
        </Button>
      }
    >
      {getErrorMessage(error, 'Please try again later.')}
    </EmptyState>
  );
}

/**
 * The members of one site — a page at a time, searched on the server (GET
 * /api/sites/{id}/users?q=) with "Load more" — with the limit warning and the add buttons.
 */
function SiteMembers({ site, sites, superadmin }: { site: Site; sites: Site[] | 'search'; superadmin: boolean }) {
  const { user: me } = useSession();
  const { search, setSearch, query, list: members } = useSearchedList<SiteUser>((q) => urls.siteUsersQuery(site.id, { q }));
  const setRole = useSetSiteUserRole();
  const setActive = useSetSiteUserActive();
  const setAdmin = useSetSiteUserAdmin();
  const remove = useRemoveSiteUser();
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [addingExisting, setAddingExisting] = useState(false);
  const [removing, setRemoving] = useState<SiteUser | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const list = members.items;
  // The site's own count (the list holds only the loaded pages), never fewer than are listed.
  const count = Math.max(site.userCount ?? 0, list.length);
  const limitReached = isLimitReached(count, site.userLimit);

  const run = async (id: number, action: () => Promise<unknown>, success: { title: string; description: string }, failure: string) => {
    setBusy(id);
    try {
      await action();
      toast({ ...success, variant: 'success' });
      return true;
    } catch (error) {
      toast({ title: failure, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const changeRole = (link: SiteUser, role: SiteRole) =>
    void run(link.id, () => setRole.trigger({ id: link.id, role }), { title: 'Role updated', description: `${link.user.username} is now ${role}.` }, 'Error updating role');
  const changeActive = (link: SiteUser, isActive: boolean) =>
    void run(
      link.id,
      () => setActive.trigger({ id: link.id, isActive }),
      isActive
        ? { title: 'User reactivated', description: `${link.user.username} can sign in again.` }
        : { title: 'User deactivated', description: `${link.user.username} can no longer sign in.` },
      isActive ? 'Failed to reactivate user' : 'Failed to deactivate user',
    );
  const changeAdmin = (link: SiteUser, isAdmin: boolean) =>
    void run(
      link.id,
      () => setAdmin.trigger({ id: link.id, isAdmin }),
      { title: 'Admin privileges updated', description: `${link.user.username} ${isAdmin ? 'is now a site admin' : 'is no longer a site admin'}.` },
      'Error updating admin privileges',
    );
  const confirmRemove = async () => {
    if (!removing) return;
    await run(
      removing.id,
      () => remove.trigger(removing.id),
      { title: 'User removed', description: `${removing.user.username} no longer belongs to ${site.name}.` },
      'Error removing user',
    );
    setRemoving(null);
  };

  const content = (
    <PagedListStates
      list={members}
      filtered={Boolean(query)}
      loading={{ label: 'Loading site users…', skeleton: CARD_SKELETONS, className: 'site-users-grid site-users-grid--loading' }}
      errorTitle="Failed to load user data"
      empty={{ icon: <Users size={24} />, title: 'No users on this site yet', text: `Add a user to give them access to ${site.name}.` }}
      noResultsState={{ text: `No user of ${site.name} matches “${query}”.`, onClear: () => setSearch('') }}
    >
      <ul className="site-users-grid" aria-label={`Users of ${site.name}`}>
        {list.map((link) => (
          <SiteUserCard
            key={link.id}
            link={link}
            self={link.id === me?.id}
            superadmin={superadmin}
            busy={busy === link.id}
            onRole={(role) => changeRole(link, role)}
            onActive={(active) => changeActive(link, active)}
            onAdmin={(isAdmin) => changeAdmin(link, isAdmin)}
            onRemove={() => setRemoving(link)}
          />
        ))}
      </ul>
    </PagedListStates>
  );

  return (
    <>
      <section className="site-summary" aria-label="Site">
        <div className="site-summary__text">
          <p className="site-summary__name">{site.name}</p>
          <p className="site-summary__meta">
            <span aria-label={`${count} of ${limitText(site.userLimit)} users`}>
              {count} / {limitSymbol(site.userLimit)} users
            </span>
            {site.city ? <span> · {site.city}</span> : null}
          </p>
        </div>
        <div className="site-summary__actions">
          {superadmin ? (
            <Button
              variant="outline"
              icon={<UserRoundPlus size={18} aria-hidden="true" />}
              disabled={limitReached}
              onClick={() => setAddingExisting(true)}
            >
              Add Existing User
            </Button>
          ) : null}
          <Button icon={<UserPlus size={18} aria-hidden="true" />} disabled={limitReached} onClick={() => setAdding(true)}>
            Add User
          </Button>
        </div>
      </section>
      {limitReached ? (
        <Alert variant="warning" title={USER_LIMIT_REACHED} className="site-users-limit">
          {limitWarning(site, count)}
        </Alert>
      ) : null}
      <SearchToolbar
        className="site-users-search"
        label="Search site users"
        placeholder="Name, username or e-mail"
        value={search}
        onChange={setSearch}
      />
      {content}
      <AddUserDialog open={adding} onOpenChange={setAdding} sites={sites} siteId={site.id} />
      {superadmin ? (
        <AddExistingUserDialog
          open={addingExisting}
          onOpenChange={setAddingExisting}
          siteId={site.id}
          siteName={site.name}
          canGrantAdmin={superadmin}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && busy === null) setRemoving(null);
        }}
        title="Remove user from site"
        description={removing ? `Remove ${displayName(removing.user)} from ${site.name}? The account stays; it just no longer belongs to this site.` : ''}
        confirmLabel="Remove"
        pending={busy !== null && removing !== null}
        onConfirm={() => void confirmRemove()}
      />
    </>
  );
}

/**
 * A superadmin picks any site (kept in ?site=): the page reads that site alone (?ids=), or
 * the first site by name when none (or an unknown one) is asked for — never every site.
 */
function SuperadminSiteUsers() {
  const [params, setParams] = useSearchParams();
  const { mutate } = useSWRConfig();
  const wanted = parseId(params.get('site') ?? undefined);
  const named = useApiQuery<Site[]>(wanted !== null ? urls.sitesByIds([wanted], true) : null);
  const unknown = wanted === null || (named.data !== undefined && named.data.length === 0);
  const first = useApiQuery<Site[]>(unknown ? urls.sitesQuery({ limit: '1' }, true) : null);
  const site = (unknown ? first.data?.[0] : named.data?.[0]) ?? null;
  const sites = {
    isLoading: named.isLoading || first.isLoading,
    error: named.error ?? first.error,
    mutate: () => Promise.all([named.mutate(), first.mutate()]),
  };

  const choose = (picked: Site) => {
    // The picker's row is the site: show it at once, then read it again, since the row may
    // come from a list cached before others added users (its count sets the limit warning).
    void mutate(urls.sitesByIds([picked.id], true), [picked], { revalidate: true });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('site', String(picked.id));
        return next;
      },
      { replace: true },
    );
  };

  const body = (
    <ListStates
      query={sites}
      isEmpty={!site}
      loading={{ label: 'Loading site users…', skeleton: CARD_SKELETONS, className: 'site-users-grid site-users-grid--loading' }}
      errorTitle="Failed to load sites"
      empty={{
        icon: <Building size={24} />,
        title: 'No sites yet',
        text: 'Create a site first; its users are managed here.',
        action: (
          <Link to="/admin/sites" className={buttonClass('primary')}>
            Manage Sites
          </Link>
        ),
      }}
    >
      {site ? <SiteMembers key={site.id} site={site} sites="search" superadmin /> : null}
    </ListStates>
  );

  return (
    <>
      <div className="site-users-picker">
        <SitePicker loading={sites.isLoading} value={site} onChange={choose} />
      </div>
      {body}
    </>
  );
}

/** Admins and site admins manage their own site. */
function OwnSiteUsers({ siteId }: { siteId: number | null }) {
  const current = useCurrentSite(siteId !== null);
  if (siteId === null) {
    return (
      <EmptyState icon={<Building size={24} />} title="No site ID available">
        Your account does not belong to a site, so there are no site users to manage.
      </EmptyState>
    );
  }
  if (current.isLoading) return <CardsSkeleton />;
  if (current.error || !current.data) {
    return <Failed title="Failed to load site information" error={current.error} retry={() => void current.mutate()} />;
  }
  return <SiteMembers site={current.data} sites={[current.data]} superadmin={false} />;
}

/**
 * SiteUsersPage (/site-users and /admin/site-users): one card per user of a site. A
 * superadmin picks the site; admins and site admins see their own. Add User is disabled with
 * a "User limit reached" warning once the site's user limit (above 0) is reached.
 */
export function SiteUsersPage() {
  useDocumentTitle('Site Users');
  const { user } = useSession();
  const superadmin = user?.role === 'superadmin';
  return (
    <div className="site-users-page">
      <PageHeader
        eyebrow="Administration"
        title="Site Users"
        description="The people of a site: their site roles and whether they can sign in. Open a card to edit the account."
      />
      {superadmin ? <SuperadminSiteUsers /> : <OwnSiteUsers siteId={user?.siteId ?? null} />}
    </div>
  );
}
