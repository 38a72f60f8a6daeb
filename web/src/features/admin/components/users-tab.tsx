import { Building, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { urls } from '@/api/keys';
import type { User } from '@/api/types';
import { useToggleUserActive } from '@/api/users/toggle-user-active';
import { RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ToggleActiveButton } from '@/components/user-admin-fields/toggle-active-button';
import { useToast } from '@/components/ui/toast';
import { deactivateBlockedReason } from '@/components/user-admin-fields/account-rules';
import { UserAvatar, UserBadges } from '@/components/user-badges/user-badges';
import { formatDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { displayName } from '@/lib/format';
import { useSession } from '@/lib/session';
import { PagedDashboardList } from './dashboard-list';

/**
 * UsersTab: GET /api/users (everyone for a superadmin, the caller's site for an admin) a page
 * at a time, searched on the server with the dashboard's search, with badges, an edit link
 * to the User Settings view and activate/deactivate.
 */
export function UsersTab({ search }: { search: string }) {
  const { user: me } = useSession();
  const superadmin = me?.role === 'superadmin';
  const canList = superadmin || Boolean(me?.siteId);
  const toggle = useToggleUserActive();
  const { toast } = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const t = useT();

  if (!canList) {
    return (
      <EmptyState compact icon={<Building size={22} />} title={t('admin.noSiteId')}>
        {t('admin.users.noSiteText')}
      </EmptyState>
    );
  }

  const toggleActive = async (user: User) => {
    const blocked = deactivateBlockedReason(user);
    if (blocked) {
      toast({ title: t('admin.users.statusFailed'), description: t(blocked), variant: 'destructive' });
      return;
    }
    setBusy(user.id);
    try {
      const next = await toggle.trigger(user.id);
      const active = next ? next.isActive !== false : user.isActive === false;
      toast({
        title: active ? t('admin.users.activated') : t('admin.users.deactivated'),
        description: t('admin.users.updatedText', { username: user.username }),
        variant: 'success',
      });
    } catch (error) {
      toast({ title: t('admin.users.statusFailed'), description: getErrorMessage(error, t('admin.tryAgain')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <PagedDashboardList<User>
      url={(q) => urls.usersQuery({ q })}
      search={search}
      noMatches={(query) => t('admin.users.noMatch', { query })}
      label={t('nav.users')}
      loading={{ label: t('admin.users.loading'), rows: 5 }}
      errorTitle={t('admin.users.loadFailed')}
      empty={{ title: t('admin.users.none') }}
      row={(user) => {
        const active = user.isActive !== false;
        const self = user.id === me?.id;
        return (
          <RecordRow
            key={user.id}
            label={user.username}
            title={displayName(user)}
            muted={!active}
            leading={<UserAvatar user={user} />}
            badges={<UserBadges user={user} />}
            actions={
              <>
                <Link to={`/settings?userId=${user.id}`} className={buttonClass('outline', 'sm')} aria-label={t('admin.users.editLabel', { username: user.username })}>
                  <Pencil size={15} aria-hidden="true" />
                  {t('admin.edit')}
                </Link>
                {!self ? (
                  <ToggleActiveButton user={user} busy={busy} onToggle={() => void toggleActive(user)} />
                ) : null}
              </>
            }
          >
            <p>
              @{user.username}
              {user.email ? ` · ${user.email}` : ''}
            </p>
            <RecordMeta
              items={[
                { label: t('admin.users.joined'), value: formatDate(user.createdAt) || '—' },
                { label: t('admin.users.lastLogin'), value: formatDate(user.lastLogin) || t('admin.never') },
              ]}
            />
          </RecordRow>
        );
      }}
    />
  );
}
