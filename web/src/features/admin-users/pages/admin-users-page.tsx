import { UserRoundCheck, Users } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { getErrorMessage } from '@/api/client';
import { urls } from '@/api/keys';
import type { User } from '@/api/types';
import { useSearchedList } from '@/api/use-searched-list';
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
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();
  useDocumentTitle(t('nav.users'));
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
      toast({ title: t('admin.users.deleteFailed'), description: t(blocked), variant: 'destructive' });
      return;
    }
    setDeleting(user);
  };

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
        description: active ? t('admin.users.canSignIn', { username: user.username }) : t('admin.users.cannotSignIn', { username: user.username }),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('admin.users.statusFailed'),
        description: getErrorMessage(error, t('admin.statusFailedText')),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const card = {
    icon: <Users size={18} />,
    description:
      users.isLoading || users.error
        ? t('admin.users.every')
        : t('admin.users.count', { count: users.items.length, more: users.hasMore ? 'yes' : 'no' }),
    search: { label: t('admin.users.search'), placeholder: t('admin.users.searchHint'), value: search, onChange: setSearch },
  };

  const content = (
    <PagedListStates
      list={users}
      filtered={query !== ''}
      compact
      loading={{ label: t('admin.users.loading'), rows: 5, height: 72, className: 'users-skeleton' }}
      errorTitle={t('admin.users.loadFailed')}
      empty={{ title: t('admin.users.none') }}
      noResultsState={{ text: t('admin.users.noMatch', { query }), onClear: () => setSearch('') }}
    >
      <RecordList label={t('nav.users')}>
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
                      aria-label={t('admin.users.impersonateLabel', { username: user.username })}
                      onClick={() => void session.impersonate(user.id)}
                    >
                      {t('admin.users.impersonate')}
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
                  { label: t('admin.site'), value: user.role === 'superadmin' ? t('admin.allSites') : siteName(user.siteId) },
                  ...(category ? [{ label: t('admin.category'), value: category }] : []),
                  { label: t('admin.users.lastLogin'), value: formatDate(user.lastLogin) || t('admin.never') },
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
    question: (user) => t('admin.users.deleteText', { username: user.username }),
    mutation: remove,
  };

  const frame = { noun: 'user' as const, description: t('admin.users.text'), card, remove: removal };
  return (
    <AdminListPage {...frame} onAdd={() => form.edit(null)} form={<UserFormDialog {...form.dialog} user={form.record} />}>
      {content}
    </AdminListPage>
  );
}
