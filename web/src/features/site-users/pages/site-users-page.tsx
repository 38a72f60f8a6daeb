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
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
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

/** limitWarning: the text under "User limit reached". */
export function limitWarning(site: Pick<Site, 'name' | 'userLimit'>, count: number): string {
  return translate('admin.siteUsers.limitWarning', { name: site.name, count, limit: site.userLimit ?? 0 });
}

const CARD_SKELETONS = Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={180} radius={12} />);

function CardsSkeleton() {
  const t = useT();
  return (
    <LoadingRegion label={t('admin.siteUsers.loading')} className="site-users-grid site-users-grid--loading">
      {CARD_SKELETONS}
    </LoadingRegion>
  );
}

function Failed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  const t = useT();
  return (
    <EmptyState
      icon={<CloudOff size={24} />}
      title={title}
      action={
        <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={retry}>
          {t('common.tryAgain')}
        </Button>
      }
    >
      {getErrorMessage(error, t('admin.tryLater'))}
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
  const t = useT();

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
      toast({ title: failure, description: getErrorMessage(error, t('admin.tryAgain')), variant: 'destructive' });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const changeRole = (link: SiteUser, role: SiteRole) =>
    void run(link.id, () => setRole.trigger({ id: link.id, role }), { title: t('admin.siteUsers.roleUpdated'), description: t('admin.siteUsers.roleUpdatedText', { username: link.user.username, role }) }, t('admin.siteUsers.roleFailed'));
  const changeActive = (link: SiteUser, isActive: boolean) =>
    void run(
      link.id,
      () => setActive.trigger({ id: link.id, isActive }),
      isActive
        ? { title: t('admin.siteUsers.reactivated'), description: t('admin.users.canSignIn', { username: link.user.username }) }
        : { title: t('admin.users.deactivated'), description: t('admin.users.cannotSignIn', { username: link.user.username }) },
      isActive ? t('admin.siteUsers.reactivateFailed') : t('admin.siteUsers.deactivateFailed'),
    );
  const changeAdmin = (link: SiteUser, isAdmin: boolean) =>
    void run(
      link.id,
      () => setAdmin.trigger({ id: link.id, isAdmin }),
      {
        title: t('admin.siteUsers.adminUpdated'),
        description: isAdmin
          ? t('admin.siteUsers.nowAdmin', { username: link.user.username })
          : t('admin.siteUsers.noLongerAdmin', { username: link.user.username }),
      },
      t('admin.siteUsers.adminFailed'),
    );
  const confirmRemove = async () => {
    if (!removing) return;
    await run(
      removing.id,
      () => remove.trigger(removing.id),
      { title: t('admin.siteUsers.removed'), description: t('admin.siteUsers.removedText', { username: removing.user.username, site: site.name }) },
      t('admin.siteUsers.removeFailed'),
    );
    setRemoving(null);
  };

  const content = (
    <PagedListStates
      list={members}
      filtered={Boolean(query)}
      loading={{ label: t('admin.siteUsers.loading'), skeleton: CARD_SKELETONS, className: 'site-users-grid site-users-grid--loading' }}
      errorTitle={t('admin.users.loadFailed')}
      empty={{ icon: <Users size={24} />, title: t('admin.siteUsers.none'), text: t('admin.siteUsers.noneText', { site: site.name }) }}
      noResultsState={{ text: t('admin.siteUsers.noMatch', { site: site.name, query }), onClear: () => setSearch('') }}
    >
      <ul className="site-users-grid" aria-label={t('admin.siteUsers.usersOf', { site: site.name })}>
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
      <section className="site-summary" aria-label={t('admin.site')}>
        <div className="site-summary__text">
          <p className="site-summary__name">{site.name}</p>
          <p className="site-summary__meta">
            <span aria-label={t('admin.usersOfLimit', { count, limit: limitText(site.userLimit) })}>
              {t('admin.siteUsers.countOfLimit', { count, limit: limitSymbol(site.userLimit) })}
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
              {t('admin.siteUsers.addExisting')}
            </Button>
          ) : null}
          <Button icon={<UserPlus size={18} aria-hidden="true" />} disabled={limitReached} onClick={() => setAdding(true)}>
            {t('admin.users.add')}
          </Button>
        </div>
      </section>
      {limitReached ? (
        <Alert variant="warning" title={t('admin.siteUsers.limitReached')} className="site-users-limit">
          {limitWarning(site, count)}
        </Alert>
      ) : null}
      <SearchToolbar
        className="site-users-search"
        label={t('admin.siteUsers.search')}
        placeholder={t('admin.users.searchHint')}
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
        title={t('admin.siteUsers.removeTitle')}
        description={removing ? t('admin.siteUsers.removeText', { name: displayName(removing.user), site: site.name }) : ''}
        confirmLabel={t('admin.siteUsers.remove')}
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
  const t = useT();
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
      loading={{ label: t('admin.siteUsers.loading'), skeleton: CARD_SKELETONS, className: 'site-users-grid site-users-grid--loading' }}
      errorTitle={t('admin.sites.loadFailed')}
      empty={{
        icon: <Building size={24} />,
        title: t('admin.sites.none'),
        text: t('admin.siteUsers.noSitesText'),
        action: (
          <Link to="/admin/sites" className={buttonClass('primary')}>
            {t('admin.sites.manage')}
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
  const t = useT();
  if (siteId === null) {
    return (
      <EmptyState icon={<Building size={24} />} title={t('admin.noSiteId')}>
        {t('admin.siteUsers.noSiteText')}
      </EmptyState>
    );
  }
  if (current.isLoading) return <CardsSkeleton />;
  if (current.error || !current.data) {
    return <Failed title={t('admin.siteUsers.siteFailed')} error={current.error} retry={() => void current.mutate()} />;
  }
  return <SiteMembers site={current.data} sites={[current.data]} superadmin={false} />;
}

/**
 * SiteUsersPage (/site-users and /admin/site-users): one card per user of a site. A
 * superadmin picks the site; admins and site admins see their own. Add User is disabled with
 * a "User limit reached" warning once the site's user limit (above 0) is reached.
 */
export function SiteUsersPage() {
  const t = useT();
  useDocumentTitle(t('nav.siteUsers'));
  const { user } = useSession();
  const superadmin = user?.role === 'superadmin';
  return (
    <div className="site-users-page">
      <PageHeader
        eyebrow={t('nav.group.admin')}
        title={t('nav.siteUsers')}
        description={t('admin.siteUsers.text')}
      />
      {superadmin ? <SuperadminSiteUsers /> : <OwnSiteUsers siteId={user?.siteId ?? null} />}
    </div>
  );
}
