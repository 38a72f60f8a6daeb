import { CloudOff, Pencil, Plus, Power, PowerOff, RefreshCw, Search, SearchX, Trash, UserRoundCheck, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { useAdminSites } from '@/api/sites/get-admin-sites';
import type { User } from '@/api/types';
import { useUserCategories } from '@/api/users/get-user-categories';
import { useUsers } from '@/api/users/get-users';
import { useToggleUserActive } from '@/api/users/toggle-user-active';
import { RecordList, RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
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
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const all = users.data ?? [];
  const visible = useMemo(() => searchUsers(all, search), [all, search]);
  const siteName = (id: number | null | undefined) => (id ? (sites.data?.find((s) => s.id === id)?.name ?? `Site ${id}`) : 'No site');
  const categoryName = (id: number | null | undefined) => (id ? categories.data?.find((c) => c.id === id)?.name : undefined);
  const me = session.user;

  const openForm = (user: User | null) => {
    setEditing(user);
    setFormOpen(true);
  };

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

  let content;
  if (users.isLoading) {
    content = (
      <LoadingRegion label="Loading users…" className="users-skeleton">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={72} />
        ))}
      </LoadingRegion>
    );
  } else if (users.error) {
    content = (
      <EmptyState
        compact
        icon={<CloudOff size={22} />}
        title="Failed to load user data"
        action={
          <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void users.mutate()}>
            Try again
          </Button>
        }
      >
        {getErrorMessage(users.error, 'Please try again later.')}
      </EmptyState>
    );
  } else if (visible.length === 0) {
    content = (
      <EmptyState
        compact
        icon={<SearchX size={22} />}
        title="No Results Found"
        action={
          <Button variant="outline" onClick={() => setSearch('')}>
            Clear search
          </Button>
        }
      >
        No user matches “{search.trim()}”.
      </EmptyState>
    );
  } else {
    content = (
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
                <>
                  <Button
                    variant="outline"
                    size="sm"
                    icon={<Pencil size={15} aria-hidden="true" />}
                    aria-label={`Edit ${user.username}`}
                    onClick={() => openForm(user)}
                  >
                    Edit
                  </Button>
                  {!self ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={active ? <PowerOff size={15} aria-hidden="true" /> : <Power size={15} aria-hidden="true" />}
                      aria-label={`${active ? 'Deactivate' : 'Activate'} ${user.username}`}
                      loading={busy === user.id}
                      disabled={busy !== null}
                      onClick={() => void toggleActive(user)}
                    >
                      {active ? 'Deactivate' : 'Activate'}
                    </Button>
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
                  {!self ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="users-delete"
                      icon={<Trash size={15} aria-hidden="true" />}
                      aria-label={`Delete ${user.username}`}
                      onClick={() => askDelete(user)}
                    >
                      Delete
                    </Button>
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
                  { label: 'Site', value: user.role === 'superadmin' ? 'All sites' : siteName(user.siteId) },
                  ...(category ? [{ label: 'Category', value: category }] : []),
                  { label: 'Last login', value: formatDate(user.lastLogin) || 'Never' },
                ]}
              />
            </RecordRow>
          );
        })}
      </RecordList>
    );
  }

  return (
    <div className="users-page">
      <PageHeader
        eyebrow="Administration"
        title="Users"
        description="Every account: role, site, category and status. Impersonate a user to see Garden as they do."
        actions={
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => openForm(null)}>
            Add User
          </Button>
        }
      />
      <Card aria-labelledby="users-title">
        <CardHeader
          icon={<Users size={18} />}
          title={<span id="users-title">All Users</span>}
          description={users.data ? `${all.length} ${all.length === 1 ? 'account' : 'accounts'}` : 'Every account'}
        />
        <CardBody>
          <div className="users-toolbar" role="search">
            <Field
              label="Search users"
              type="search"
              placeholder="Name, username or e-mail"
              icon={<Search size={18} />}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {content}
        </CardBody>
      </Card>
      <UserFormDialog open={formOpen} user={editing} onOpenChange={setFormOpen} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
