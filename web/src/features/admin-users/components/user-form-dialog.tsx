import { useMemo } from 'react';
import { getErrorMessage } from '@/api/client';
import { useAdminSites } from '@/api/sites/get-admin-sites';
import type { AdminUserInput, User } from '@/api/types';
import { useUserCategories } from '@/api/users/get-user-categories';
import { useUpdateUser } from '@/api/users/update-user';
import { Form, FormInput, useZodForm } from '@/components/ui/form';
import { FormDialog, type FormDialogBody } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toast';
import { AccountIdentityFields, UserCategorySelect } from '@/components/user-admin-fields/account-fields';
import { UserAdminFields } from '@/components/user-admin-fields/user-admin-fields';
import { useCreateUser } from '../api/create-user';
import { adminUserFrom, adminUserSchema, emptyAdminUser } from '../api/user-schema';

function UserForm({ formId, user, onDone, onPendingChange }: FormDialogBody & { user: User | null }) {
  const isProtected = Boolean(user?.isProtected);
  const mode = user ? 'edit' : 'create';
  const schema = useMemo(() => adminUserSchema(mode, isProtected), [mode, isProtected]);
  const form = useZodForm(schema, {
    defaultValues: user ? adminUserFrom(user) : emptyAdminUser,
  });
  const categories = useUserCategories();
  const sites = useAdminSites();
  const create = useCreateUser();
  const update = useUpdateUser();
  const { toast } = useToast();

  const submit = async (body: AdminUserInput) => {
    if (create.isMutating || update.isMutating) return;
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
    } finally {
      onPendingChange(false);
    }
  };

  const failed = (error: unknown) =>
    toast({
      title: user ? 'Error updating user' : 'Error creating user',
      description: getErrorMessage(error, user ? 'The user could not be saved. Please try again.' : 'The user could not be created. Please try again.'),
      variant: 'destructive',
    });

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={submit} onSubmitError={failed} aria-label="User">
      <div className="form-grid form-grid--2">
        <AccountIdentityFields isProtected={isProtected} />
        <FormInput
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          description={user ? 'Leave empty to keep the current password.' : 'At least 8 characters.'}
        />
        <UserCategorySelect categories={categories} />
      </div>
      <UserAdminFields sites={sites.data ?? []} sitesLoading={sites.isLoading} sitesError={Boolean(sites.error)} isProtected={isProtected} />
    </Form>
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
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={user ? 'Edit User' : 'Add User'}
      description={user ? `Change ${user.username}'s account.` : 'A new account with its role, site and category.'}
      size="lg"
      submitLabel={user ? 'Save User' : 'Create User'}
      lockWhilePending
      formKey={user?.id ?? 'new'}
    >
      {(body) => <UserForm {...body} user={user} />}
    </FormDialog>
  );
}
