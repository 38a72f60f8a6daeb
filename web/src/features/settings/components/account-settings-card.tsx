import { Save, UserRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { User, UserPatchInput } from '@/api/types';
import { useUserCategories } from '@/api/users/get-user-categories';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Form, FormInput, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { AccountIdentityFields, UserCategorySelect } from '@/components/user-admin-fields/account-fields';
import { UserAdminFields } from '@/components/user-admin-fields/user-admin-fields';
import { accountSchema, accountValuesFrom } from '../api/account-schema';

/**
 * AccountSettingsCard: username, e-mail, full name, the user category (superadmins only)
 * and an optional new password (on one's own account with the current password beside it);
 * for a superadmin editing someone also role, site, site admin flag and active flag. `save`
 * sends the body (own settings or PATCH /api/users/{id}).
 */
export function AccountSettingsCard({
  user,
  canChooseCategory,
  withAdminFields,
  save,
  onSaved,
  description,
  own,
}: {
  user: User;
  /** The caller's own account: a new password asks for the current one. */
  own: boolean;
  canChooseCategory: boolean;
  withAdminFields: boolean;
  save: (body: UserPatchInput) => Promise<User>;
  onSaved?: (user: User) => void;
  description: string;
}) {
  const isProtected = Boolean(user.isProtected);
  const schema = useMemo(
    () => accountSchema({ withCategory: canChooseCategory, withAdminFields, isProtected, own }),
    [canChooseCategory, withAdminFields, isProtected, own],
  );
  const form = useZodForm(schema, {
    defaultValues: accountValuesFrom(user),
  });
  const [saving, setSaving] = useState(false);
  const categories = useUserCategories(canChooseCategory);
  const { toast } = useToast();
  const t = useT();

  const submit = async (body: UserPatchInput) => {
    if (saving) return;
    setSaving(true);
    try {
      const saved = await save(body);
      // Start over from what was saved, without the password and with no messages shown.
      form.reset({ ...form.getValues(), password: '', currentPassword: '' });
      toast({ title: t('settings.saved'), description: t('settings.account.savedText'), variant: 'success' });
      if (saved) onSaved?.(saved);
    } finally {
      setSaving(false);
    }
  };

  const failed = (error: unknown) =>
    toast({ title: t('settings.saveFailed'), description: getErrorMessage(error, t('settings.saveFailedText')), variant: 'destructive' });

  return (
    <Card aria-labelledby="account-settings-title">
      <CardHeader
        icon={<UserRound size={18} />}
        title={<span id="account-settings-title">{t('settings.account.title')}</span>}
        description={description}
      />
      <CardBody>
        <Form form={form} className="form-stack" onSubmit={submit} onSubmitError={failed} aria-label={t('settings.account.title')}>
          <div className="form-grid form-grid--2">
            <AccountIdentityFields isProtected={isProtected} own />
            {canChooseCategory ? <UserCategorySelect categories={categories} /> : null}
            <FormInput
              name="password"
              label={t('settings.account.newPassword')}
              type="password"
              autoComplete="new-password"
              description={t('settings.account.newPasswordText')}
            />
            {own ? (
              <FormInput
                name="currentPassword"
                label={t('settings.account.currentPassword')}
                type="password"
                autoComplete="current-password"
                description={t('settings.account.currentPasswordText')}
              />
            ) : null}
          </div>
          {withAdminFields ? (
            <fieldset className="settings-fieldset">
              <legend className="settings-fieldset__legend">{t('settings.account.roleAndSite')}</legend>
              <UserAdminFields isProtected={isProtected} />
            </fieldset>
          ) : null}
          <div className="settings-actions">
            <Button type="submit" loading={saving} icon={<Save size={18} aria-hidden="true" />}>
              {saving ? t('settings.saving') : t('settings.account.save')}
            </Button>
          </div>
        </Form>
      </CardBody>
    </Card>
  );
}
