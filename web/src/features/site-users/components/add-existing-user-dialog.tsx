import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { SITE_ROLES, type SiteRole, type User } from '@/api/types';
import { PickerList } from '@/components/server-picker/server-picker';
import { userOption, userSource } from '@/components/server-picker/sources';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select';
import { CheckboxField } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useAddSiteUser } from '../api/add-site-user';
import { siteRoleLabel } from './site-roles';

/**
 * The users a superadmin may add, searched on the server a page at a time: a user already on
 * a site (a user belongs to at most one) or a superadmin (never on a site) shows, but cannot
 * be picked — hiding them would leave pages that show nothing.
 */
const CANDIDATES = userSource({
  option: (user) => {
    const base = userOption(user);
    const reason = user.role === 'superadmin' ? translate('admin.siteUsers.neverOnSite') : user.siteId ? translate('admin.siteUsers.onSite') : '';
    return reason ? { ...base, detail: `@${user.username} · ${reason}`, disabled: true } : base;
  },
});

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
  const [picked, setPicked] = useState<User | null>(null);
  const userId = picked?.id ?? null;
  const [role, setRole] = useState<SiteRole>('member');
  const [isAdmin, setIsAdmin] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { trigger, isMutating } = useAddSiteUser();
  const { toast } = useToast();
  const t = useT();

  const add = async () => {
    if (userId === null) {
      setError(t('admin.form.selectUser'));
      return;
    }
    try {
      await trigger({ siteId, userId, role, isAdmin: canGrantAdmin && isAdmin });
      toast({
        title: t('admin.siteUsers.added'),
        description: picked ? t('admin.siteUsers.addedText', { username: picked.username, site: siteName }) : t('admin.siteUsers.addedSomeone', { site: siteName }),
        variant: 'success',
      });
      onDone();
    } catch (failure) {
      toast({ title: t('admin.siteUsers.addFailed'), description: getErrorMessage(failure, t('admin.siteUsers.addFailedText')), variant: 'destructive' });
    }
  };

  return (
    <div className="form-stack">
      <PickerList
        source={CANDIDATES}
        label={t('nav.users')}
        noun="users"
        searchLabel={t('admin.users.search')}
        searchPlaceholder={t('admin.users.searchHint')}
        value={userId}
        onSelect={(user) => {
          setPicked(user);
          setError(null);
        }}
      />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-grid form-grid--2">
        <SelectField label={t('admin.siteUsers.siteRole')} value={role} onChange={(event) => setRole(event.target.value as SiteRole)}>
          {SITE_ROLES.map((value) => (
            <option key={value} value={value}>
              {siteRoleLabel(value)}
            </option>
          ))}
        </SelectField>
        {canGrantAdmin ? (
          <CheckboxField label={t('shared.userAdminFields.siteAdmin')} hint={t('shared.userAdminFields.siteAdminHint')} checked={isAdmin} onCheckedChange={setIsAdmin} />
        ) : null}
      </div>
      <div className="site-users-dialog__actions">
        <Button variant="outline" disabled={isMutating} onClick={onDone}>
          {t('admin.cancel')}
        </Button>
        <Button loading={isMutating} onClick={() => void add()}>
          {t('admin.siteUsers.addToSite')}
        </Button>
      </div>
    </div>
  );
}

/**
 * AddExistingUserDialog: a selector of the users (a 300px scrolling list searched on the
 * server; those already on a site cannot be picked), the site role (member by default) and, for superadmins, the site admin flag.
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
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('admin.siteUsers.addExisting')} description={t('admin.siteUsers.addExistingText', { site: siteName })}>
      {open ? <AddExistingForm siteId={siteId} siteName={siteName} canGrantAdmin={canGrantAdmin} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}
