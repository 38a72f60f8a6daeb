import { Save, UserRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { User, UserPatchInput } from '@/api/types';
import { useUserCategories } from '@/api/users/get-user-categories';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Form, FormInput, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { AccountIdentityFields, UserCategorySelect } from '@/components/user-admin-fields/account-fields';
import { UserAdminFields } from '@/components/user-admin-fields/user-admin-fields';
import { accountSchema, accountValuesFrom } from '../api/account-schema';

export const SAVE_FAILED = 'Error saving settings';
export const SAVE_FAILED_TEXT = 'There was a problem saving settings. Please try again.';

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

  const submit = async (body: UserPatchInput) => {
    if (saving) return;
    setSaving(true);
    try {
      const saved = await save(body);
      // Start over from what was saved, without the password and with no messages shown.
      form.reset({ ...form.getValues(), password: '', currentPassword: '' });
      toast({ title: 'Settings saved', description: 'The account settings have been updated.', variant: 'success' });
      if (saved) onSaved?.(saved);
    } finally {
      setSaving(false);
    }
  };

  const failed = (error: unknown) =>
    toast({ title: SAVE_FAILED, description: getErrorMessage(error, SAVE_FAILED_TEXT), variant: 'destructive' });

  return (
    <Card aria-labelledby="account-settings-title">
      <CardHeader
        icon={<UserRound size={18} />}
        title={<span id="account-settings-title">Account Settings</span>}
        description={description}
      />
      <CardBody>
        <Form form={form} className="form-stack" onSubmit={submit} onSubmitError={failed} aria-label="Account Settings">
          <div className="form-grid form-grid--2">
            <AccountIdentityFields isProtected={isProtected} own />
            {canChooseCategory ? <UserCategorySelect categories={categories} /> : null}
            <FormInput
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              description="Leave empty to keep the current password."
            />
            {own ? (
              <FormInput
                name="currentPassword"
                label="Current password"
                type="password"
                autoComplete="current-password"
                description="Needed only to set a new password."
              />
            ) : null}
          </div>
          {withAdminFields ? (
            <fieldset className="settings-fieldset">
              <legend className="settings-fieldset__legend">Role and site</legend>
              <UserAdminFields isProtected={isProtected} />
            </fieldset>
          ) : null}
          <div className="settings-actions">
            <Button type="submit" loading={saving} icon={<Save size={18} aria-hidden="true" />}>
              {saving ? 'Saving…' : 'Save Account Settings'}
            </Button>
          </div>
        </Form>
      </CardBody>
    </Card>
  );
}
