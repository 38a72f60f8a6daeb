import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { SITE_ROLES, type SiteRole } from '@/api/types';
import { useUsers } from '@/api/users/get-users';
import { SelectorList } from '@/components/selector-list/selector-list';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select';
import { CheckboxField } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { displayName } from '@/lib/format';
import { MSG } from '@/lib/validation';
import { useAddSiteUser } from '../api/add-site-user';
import { siteRoleLabel } from './site-roles';

function AddExistingForm({
  siteId,
  siteName,
  canGrantAdmin,
  onDone,
}: {
  siteId: number;
  siteName: string;
  canGrantAdmin: boolean;
  onDone: () => void;
}) {
  const users = useUsers();
  const [userId, setUserId] = useState<number | null>(null);
  const [role, setRole] = useState<SiteRole>('member');
  const [isAdmin, setIsAdmin] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { trigger, isMutating } = useAddSiteUser();
  const { toast } = useToast();

  // Only users not yet on any site can join one (a user belongs to at most one site).
  const candidates = (users.data ?? [])
    .filter((user) => !user.siteId && user.role !== 'superadmin')
    .sort((a, b) => displayName(a).localeCompare(displayName(b)));

  const add = async () => {
    if (userId === null) {
      setError(MSG.selectUser);
      return;
    }
    try {
      await trigger({ siteId, userId, role, isAdmin: canGrantAdmin && isAdmin });
      const user = candidates.find((c) => c.id === userId);
      toast({ title: 'User added', description: `${user?.username ?? 'The user'} joined ${siteName}.`, variant: 'success' });
      onDone();
    } catch (failure) {
      toast({ title: 'Error adding user', description: getErrorMessage(failure, 'The user could not be added. Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <div className="form-stack">
      <SelectorList
        label="Users without a site"
        searchLabel="Search users"
        searchPlaceholder="Name, username or e-mail"
        loading={users.isLoading}
        error={users.error ? getErrorMessage(users.error, 'Failed to load user data') : undefined}
        emptyText="Every user already belongs to a site."
        selectedId={userId}
        onSelect={(id) => {
          setUserId(id);
          setError(null);
        }}
        items={candidates.map((user) => ({
          id: user.id,
          label: displayName(user),
          detail: [`@${user.username}`, user.email].filter(Boolean).join(' · '),
        }))}
      />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-grid form-grid--2">
        <SelectField label="Site role" value={role} onChange={(event) => setRole(event.target.value as SiteRole)}>
          {SITE_ROLES.map((value) => (
            <option key={value} value={value}>
              {siteRoleLabel(value)}
            </option>
          ))}
        </SelectField>
        {canGrantAdmin ? (
          <CheckboxField label="Site admin" hint="Manages the users of this site." checked={isAdmin} onCheckedChange={setIsAdmin} />
        ) : null}
      </div>
      <div className="site-users-dialog__actions">
        <Button variant="outline" disabled={isMutating} onClick={onDone}>
          Cancel
        </Button>
        <Button loading={isMutating} onClick={() => void add()}>
          Add to Site
        </Button>
      </div>
    </div>
  );
}

/**
 * AddExistingUserDialog: a selector of the users not yet on any site (a 300px scrolling
 * list), the site role (member by default) and, for superadmins, the site admin flag.
 */
export function AddExistingUserDialog({
  open,
  onOpenChange,
  siteId,
  siteName,
  canGrantAdmin,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  siteId: number;
  siteName: string;
  canGrantAdmin: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Existing User" description={`Choose a user to join ${siteName}.`}>
      {open ? <AddExistingForm siteId={siteId} siteName={siteName} canGrantAdmin={canGrantAdmin} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
