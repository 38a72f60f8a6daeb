import { Save, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import { useAdminSites } from '@/api/sites/get-admin-sites';
import type { User, UserPatchInput } from '@/api/types';
import { useUserCategories } from '@/api/users/get-user-categories';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { ACCOUNT_RULES, validateAdminFields } from '@/components/user-admin-fields/account-rules';
import { UserAdminFields } from '@/components/user-admin-fields/user-admin-fields';
import { accountValuesFrom, toAccountBody, validateAccount, type AccountErrors, type AccountValues } from './validate-settings';

export const SAVE_FAILED = 'Error saving settings';
export const SAVE_FAILED_TEXT = 'There was a problem saving settings. Please try again.';

/**
 * AccountSettingsCard: username, e-mail, full name, the user category (superadmins only)
 * and an optional new password; for a superadmin editing someone also role, site, site
 * admin flag and active flag. `save` sends the body (own settings or PATCH /api/users/{id}).
 */
export function AccountSettingsCard({
  user,
  canChooseCategory,
  withAdminFields,
  save,
  onSaved,
  description,
}: {
  user: User;
  canChooseCategory: boolean;
  withAdminFields: boolean;
  save: (body: UserPatchInput) => Promise<User>;
  onSaved?: (user: User) => void;
  description: string;
}) {
  const [values, setValues] = useState<AccountValues>(() => accountValuesFrom(user));
  const [errors, setErrors] = useState<AccountErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const categories = useUserCategories(canChooseCategory);
  const sites = useAdminSites(withAdminFields);
  const { toast } = useToast();
  const isProtected = Boolean(user.isProtected);

  const check = (next: AccountValues): AccountErrors => ({
    ...validateAccount(next),
    ...(withAdminFields ? validateAdminFields(next, isProtected) : {}),
  });

  const update = (next: AccountValues) => {
    setValues(next);
    if (submitted) setErrors(check(next));
  };
  const set = (patch: Partial<AccountValues>) => update({ ...values, ...patch });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await save(toAccountBody(values, { withCategory: canChooseCategory, withAdminFields }));
      setValues((current) => ({ ...current, password: '' }));
      setSubmitted(false);
      toast({ title: 'Settings saved', description: 'The account settings have been updated.', variant: 'success' });
      if (saved) onSaved?.(saved);
    } catch (error) {
      setErrors(getFieldErrors(error) as AccountErrors);
      toast({ title: SAVE_FAILED, description: getErrorMessage(error, SAVE_FAILED_TEXT), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const categoryList = categories.data ?? [];
  const knownCategory = !values.categoryId || categoryList.some((c) => String(c.id) === values.categoryId);

  return (
    <Card aria-labelledby="account-settings-title">
      <CardHeader
        icon={<UserRound size={18} />}
        title={<span id="account-settings-title">Account Settings</span>}
        description={description}
      />
      <CardBody>
        <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate aria-label="Account Settings">
          <div className="form-grid form-grid--2">
            <Field
              label="Username"
              name="username"
              autoComplete="username"
              value={values.username}
              error={errors.username}
              disabled={isProtected}
              hint={isProtected ? ACCOUNT_RULES.protectedNoRename : undefined}
              onChange={(event) => set({ username: event.target.value })}
            />
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              error={errors.email}
              onChange={(event) => set({ email: event.target.value })}
            />
            <Field
              label="Full name"
              name="fullName"
              autoComplete="name"
              value={values.fullName}
              error={errors.fullName}
              onChange={(event) => set({ fullName: event.target.value })}
            />
            {canChooseCategory ? (
              <SelectField
                label="User category"
                name="categoryId"
                value={values.categoryId}
                error={errors.categoryId}
                disabled={categories.isLoading}
                hint={
                  categories.isLoading
                    ? 'Loading categories…'
                    : categories.error
                      ? 'Failed to load user categories'
                      : undefined
                }
                onChange={(event) => set({ categoryId: event.target.value })}
              >
                <option value="">No category</option>
                {categoryList.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
                {!knownCategory ? <option value={values.categoryId}>Category {values.categoryId}</option> : null}
              </SelectField>
            ) : null}
            <Field
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              error={errors.password}
              hint="Leave empty to keep the current password."
              onChange={(event) => set({ password: event.target.value })}
            />
          </div>
          {withAdminFields ? (
            <fieldset className="settings-fieldset">
              <legend className="settings-fieldset__legend">Role and site</legend>
              <UserAdminFields
                values={values}
                onChange={update}
                errors={errors}
                sites={sites.data ?? []}
                sitesLoading={sites.isLoading}
                sitesError={Boolean(sites.error)}
                isProtected={isProtected}
              />
            </fieldset>
          ) : null}
          <div className="settings-actions">
            <Button type="submit" loading={saving} icon={<Save size={18} aria-hidden="true" />}>
              {saving ? 'Saving…' : 'Save Account Settings'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
