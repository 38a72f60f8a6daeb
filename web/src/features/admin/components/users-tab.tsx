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

  if (!canList) {
    return (
      <EmptyState compact icon={<Building size={22} />} title="No site ID available">
        Admins manage the users of their own site, and your account does not belong to a site.
      </EmptyState>
    );
  }

  const toggleActive = async (user: User) => {
    const blocked = deactivateBlockedReason(user);
    if (blocked) {
      toast({ title: 'Error updating user status', description: blocked, variant: 'destructive' });
      return;
    }
    setBusy(user.id);
    try {
      const next = await toggle.trigger(user.id);
      const active = next ? next.isActive !== false : user.isActive === false;
      toast({ title: active ? 'User activated' : 'User deactivated', description: `${user.username} was updated.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error updating user status', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <PagedDashboardList<User>
      url={(q) => urls.usersQuery({ q })}
      search={search}
      noun="user"
      label="Users"
      loading={{ label: 'Loading users…', rows: 5 }}
      errorTitle="Failed to load user data"
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
                <Link to={`/settings?userId=${user.id}`} className={buttonClass('outline', 'sm')} aria-label={`Edit ${user.username}`}>
                  <Pencil size={15} aria-hidden="true" />
                  Edit
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
                { label: 'Joined', value: formatDate(user.createdAt) || '—' },
                { label: 'Last login', value: formatDate(user.lastLogin) || 'Never' },
              ]}
            />
          </RecordRow>
        );
      }}
    />
  );
}
