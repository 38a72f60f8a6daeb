import { Plus, UserRoundCheck, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { useAdminSites } from '@/api/sites/get-admin-sites';
import type { User } from '@/api/types';
import { useUserCategories } from '@/api/users/get-user-categories';
import { useUsers } from '@/api/users/get-users';
import { useToggleUserActive } from '@/api/users/toggle-user-active';
import { RecordList, RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRecordDialog } from '@/components/ui/form-dialog';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { RowActions } from '@/components/ui/row-actions';
import { SearchCard } from '@/components/ui/search-card';
import { ToggleActiveButton } from '@/components/user-admin-fields/toggle-active-button';
import { useToast } from '@/components/ui/toast';
import { deactivateBlockedReason, deleteBlockedReason } from '@/components/user-admin-fields/account-rules';
import { UserAvatar, UserBadges } from '@/components/user-badges/user-badges';
import { formatDate } from '@/lib/dates';
import { displayName } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteUser } from '../api/delete-user';
import { UserFormDialog } from '../components/user-form-dialog';
import './admin-users-page.css';

/** searchUsers matches the name, username and e-mail. */
export function searchUsers(users: User[], search: string): User[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return users;
  return users.filter((user) => [user.username, user.fullName, user.email].some((f) => (f ?? '').toLowerCase().includes(needle)));
}

function DeleteUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { trigger, isMutating } = useDeleteUser();
  const { toast } = useToast();
  const remove = async () => {
    if (!user) return;
    try {
      await trigger(user.id);
      toast({ title: 'User deleted', description: `${user.username} was deleted.`, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Error deleting user',
        description: getErrorMessage(error, 'The user could not be deleted. Please try again.'),
        variant: 'destructive',
      });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open && !isMutating) onClose();
      }}
      title="Delete user"
      description={user ? `Are you sure you want to delete ${user.username}? Their plants, tasks and journal go with them.` : ''}
      confirmLabel="Delete User"
      pending={isMutating}
      onConfirm={() => void remove()}
    />
  );
}

/**
 * AdminUsersPage (/admin/users, superadmins): every account with the admin user form,
 * delete, activate/deactivate and Impersonate. The account rules of spec 02 §5 are checked
 * here first (their messages shown in a toast); the server's refusals are shown the same way.
 */
export function AdminUsersPage() {
  useDocumentTitle('Users');
  const session = useSession();
  const users = useUsers();
  const sites = useAdminSites();
  const categories = useUserCategories();
  const toggle = useToggleUserActive();
  const { toast } = useToast();
  const [search, setSearch] = useState('');
  const form = useRecordDialog<User>();
  const [deleting, setDeleting] = useState<User | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const all = useMemo(() => users.data ?? [], [users.data]);
  const visible = useMemo(() => searchUsers(all, search), [all, search]);
  const siteName = (id: number | null | undefined) => (id ? (sites.data?.find((s) => s.id === id)?.name ?? `Site ${id}`) : 'No site');
  const categoryName = (id: number | null | undefined) => (id ? categories.data?.find((c) => c.id === id)?.name : undefined);
  const me = session.user;

  const askDelete = (user: User) => {
    const blocked = deleteBlockedReason(user);
    if (blocked) {
      toast({ title: 'Error deleting user', description: blocked, variant: 'destructive' });
      return;
    }
    setDeleting(user);
  };

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
      toast({
        title: active ? 'User activated' : 'User deactivated',
        description: `${user.username} ${active ? 'can sign in again' : 'can no longer sign in'}.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Error updating user status',
        description: getErrorMessage(error, 'The status could not be changed. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const content = (
    <ListStates
      query={users}
      isEmpty={false}
      noResults={visible.length === 0}
      compact
      loading={{ label: 'Loading users…', rows: 5, height: 72, className: 'users-skeleton' }}
      errorTitle="Failed to load user data"
      empty={{ title: 'No users yet' }}
      noResultsState={{ text: `No user matches “${search.trim()}”.`, onClear: () => setSearch('') }}
    >
      <RecordList label="Users">
        {visible.map((user) => {
          const self = me?.id === user.id;
          const active = user.isActive !== false;
          const category = categoryName(user.categoryId);
          return (
            <RecordRow
              key={user.id}
              label={user.username}
              title={displayName(user)}
              muted={!active}
              leading={<UserAvatar user={user} />}
              badges={<UserBadges user={user} />}
              actions={
                <RowActions name={user.username} onEdit={() => form.edit(user)} onDelete={self ? undefined : () => askDelete(user)}>
                  {!self ? (
                    <ToggleActiveButton user={user} busy={busy} onToggle={() => void toggleActive(user)} />
                  ) : null}
                  {!self && active && !session.impersonation ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<UserRoundCheck size={15} aria-hidden="true" />}
                      aria-label={`Impersonate ${user.username}`}
                      onClick={() => void session.impersonate(user.id)}
                    >
                      Impersonate
                    </Button>
                  ) : null}
                </RowActions>
              }
            >
              <p>
                @{user.username}
                {user.email ? ` · ${user.email}` : ''}
              </p>
              <RecordMeta
                items={[
                  { label: 'Site', value: user.role === 'superadmin' ? 'All sites' : siteName(user.siteId) },
                  ...(category ? [{ label: 'Category', value: category }] : []),
                  { label: 'Last login', value: formatDate(user.lastLogin) || 'Never' },
                ]}
              />
            </RecordRow>
          );
        })}
      </RecordList>
    </ListStates>
  );

  return (
    <div className="users-page">
      <PageHeader
        eyebrow="Administration"
        title="Users"
        description="Every account: role, site, category and status. Impersonate a user to see Garden as they do."
        actions={
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => form.edit(null)}>
            Add User
          </Button>
        }
      />
      <SearchCard
        id="users-title"
        icon={<Users size={18} />}
        title="All Users"
        description={users.data ? `${all.length} ${all.length === 1 ? 'account' : 'accounts'}` : 'Every account'}
        search={{ label: 'Search users', placeholder: 'Name, username or e-mail', value: search, onChange: setSearch }}
      >
        {content}
      </SearchCard>
      <UserFormDialog {...form.dialog} user={form.record} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
