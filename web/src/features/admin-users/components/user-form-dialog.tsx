import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import { useAdminSites } from '@/api/sites/get-admin-sites';
import type { User } from '@/api/types';
import { useUserCategories } from '@/api/users/get-user-categories';
import { useUpdateUser } from '@/api/users/update-user';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { ACCOUNT_RULES } from '@/components/user-admin-fields/account-rules';
import { UserAdminFields } from '@/components/user-admin-fields/user-admin-fields';
import { useCreateUser } from '../api/create-user';
import {
  adminUserFrom,
  emptyAdminUser,
  toAdminUserInput,
  validateAdminUser,
  type AdminUserErrors,
  type AdminUserValues,
} from './validate-admin-user';

function UserForm({
  formId,
  user,
  onDone,
  onPendingChange,
}: {
  formId: string;
  user: User | null;
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const mode = user ? 'edit' : 'create';
  const isProtected = Boolean(user?.isProtected);
  const [values, setValues] = useState<AdminUserValues>(() => (user ? adminUserFrom(user) : emptyAdminUser));
  const [errors, setErrors] = useState<AdminUserErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const categories = useUserCategories();
  const sites = useAdminSites();
  const create = useCreateUser();
  const update = useUpdateUser();
  const { toast } = useToast();

  const change = (next: AdminUserValues) => {
    setValues(next);
    if (submitted) setErrors(validateAdminUser(next, mode, isProtected));
  };
  const set = (patch: Partial<AdminUserValues>) => change({ ...values, ...patch });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isMutating || update.isMutating) return;
    setSubmitted(true);
    const found = validateAdminUser(values, mode, isProtected);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = toAdminUserInput(values);
    onPendingChange(true);
    try {
      if (user) {
        await update.trigger({ id: user.id, patch: body });
        toast({ title: 'User updated', description: `${body.username} was saved.`, variant: 'success' });
      } else {
        await create.trigger(body);
        toast({ title: 'User created', description: `${body.username} can now sign in.`, variant: 'success' });
      }
      onDone();
    } catch (error) {
      setErrors(getFieldErrors(error) as AdminUserErrors);
      toast({
        title: user ? 'Error updating user' : 'Error creating user',
        description: getErrorMessage(error, user ? 'The user could not be saved. Please try again.' : 'The user could not be created. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      onPendingChange(false);
    }
  };

  const categoryList = categories.data ?? [];
  return (
    <form id={formId} className="form-stack" onSubmit={(event) => void submit(event)} noValidate aria-label="User">
      <div className="form-grid form-grid--2">
        <Field
          label="Username"
          name="username"
          autoComplete="off"
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
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onChange={(event) => set({ email: event.target.value })}
        />
        <Field
          label="Full name"
          name="fullName"
          autoComplete="off"
          value={values.fullName}
          error={errors.fullName}
          onChange={(event) => set({ fullName: event.target.value })}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint={user ? 'Leave empty to keep the current password.' : 'At least 8 characters.'}
          onChange={(event) => set({ password: event.target.value })}
        />
        <SelectField
          label="User category"
          name="categoryId"
          value={values.categoryId}
          disabled={categories.isLoading}
          hint={categories.isLoading ? 'Loading categories…' : categories.error ? 'Failed to load user categories' : undefined}
          onChange={(event) => set({ categoryId: event.target.value })}
        >
          <option value="">No category</option>
          {categoryList.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
      </div>
      <UserAdminFields
        values={values}
        onChange={change}
        errors={errors}
        sites={sites.data ?? []}
        sitesLoading={sites.isLoading}
        sitesError={Boolean(sites.error)}
        isProtected={isProtected}
      />
    </form>
  );
}

/** UserFormDialog: the admin user form (create or edit) of spec 02 §5. */
export function UserFormDialog({
  open,
  user,
  onOpenChange,
}: {
  open: boolean;
  user: User | null;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange(next);
      }}
      title={user ? 'Edit User' : 'Add User'}
      description={user ? `Change ${user.username}'s account.` : 'A new account with its role, site and category.'}
      size="lg"
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {user ? 'Save User' : 'Create User'}
          </Button>
        </>
      }
    >
      {open ? <UserForm key={user?.id ?? 'new'} formId={formId} user={user} onDone={() => onOpenChange(false)} onPendingChange={setPending} /> : null}
    </Dialog>
  );
}
