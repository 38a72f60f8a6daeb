import { UserRoundCheck, Users } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { getErrorMessage } from '@/api/client';
import { urls } from '@/api/keys';
import type { User } from '@/api/types';
import { countText, useSearchedList } from '@/api/use-searched-list';
import { useUserCategories } from '@/api/users/get-user-categories';
import { useToggleUserActive } from '@/api/users/toggle-user-active';
import { AdminListPage } from '@/components/admin-list/admin-list-page';
import { RecordList, RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Button } from '@/components/ui/button';
import { useRecordDialog } from '@/components/ui/form-dialog';
import { PagedListStates } from '@/components/ui/list-states';
import { RowActions } from '@/components/ui/row-actions';
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
import { useSiteNames } from '../api/use-site-names';
import './admin-users-page.css';

/**
 * AdminUsersPage (/admin/users, superadmins): every account with the admin user form,
 * delete, activate/deactivate and Impersonate, one server page at a time ("Load more"), searched
 * on the server by name, username and e-mail. The account rules of spec 02 §5 are checked
 * here first (their messages shown in a toast); the server's refusals are shown the same way.
 */
export function AdminUsersPage() {
  useDocumentTitle('Users');
  const session = useSession();
  const { search, setSearch, query, list: users } = useSearchedList<User>((q) => urls.usersQuery({ q }));
  const siteName = useSiteNames(users.items);
  const categories = useUserCategories();
  const toggle = useToggleUserActive();
  const remove = useDeleteUser();
  const { toast } = useToast();
  const form = useRecordDialog<User>();
  const [deleting, setDeleting] = useState<User | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
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

  const card = {
    icon: <Users size={18} />,
    description: users.isLoading || users.error ? 'Every account' : countText(users, 'account', 'accounts'),
    search: { label: 'Search users', placeholder: 'Name, username or e-mail', value: search, onChange: setSearch },
  };

  const content = (
    <PagedListStates
      list={users}
      filtered={query !== ''}
      compact
      loading={{ label: 'Loading users…', rows: 5, height: 72, className: 'users-skeleton' }}
      errorTitle="Failed to load user data"
      empty={{ title: 'No users yet' }}
      noResultsState={{ text: `No user matches “${query}”.`, onClear: () => setSearch('') }}
    >
      <RecordList label="Users">
        {users.items.map((user) => {
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
    </PagedListStates>
  );

  const removal: ComponentProps<typeof AdminListPage<User>>['remove'] = {
    record: deleting,
    onClose: () => setDeleting(null),
    noun: 'user',
    name: (user) => user.username,
    question: (user) => `Are you sure you want to delete ${user.username}? Their plants, tasks and journal go with them.`,
    mutation: remove,
  };

  const frame = { noun: 'user', description: 'Every account: role, site, category and status. Impersonate a user to see Garden as they do.', card, remove: removal };
  return (
    <AdminListPage {...frame} onAdd={() => form.edit(null)} form={<UserFormDialog {...form.dialog} user={form.record} />}>
      {content}
    </AdminListPage>
  );
}
