import { useMemo } from 'react';
import type { AdminUserInput, User } from '@/api/types';
import { useUserCategories } from '@/api/users/get-user-categories';
import { useUpdateUser } from '@/api/users/update-user';
import { Form, FormInput, useZodForm } from '@/components/ui/form';
import { RecordFormDialog, useRecordSubmit, type FormDialogBody, type RecordDialogProps } from '@/components/ui/form-dialog';
import { AccountIdentityFields, UserCategorySelect } from '@/components/user-admin-fields/account-fields';
import { UserAdminFields } from '@/components/user-admin-fields/user-admin-fields';
import { useT } from '@/lib/i18n/provider';
import { useCreateUser } from '../api/create-user';
import { adminUserFrom, adminUserSchema, emptyAdminUser } from '../api/user-schema';

function UserForm({ user, ...body }: FormDialogBody & { user: User | null }) {
  const isProtected = Boolean(user?.isProtected);
  const mode = user ? 'edit' : 'create';
  const t = useT();
  const schema = useMemo(() => adminUserSchema(mode, isProtected), [mode, isProtected]);
  const form = useZodForm(schema, {
    defaultValues: user ? adminUserFrom(user) : emptyAdminUser,
  });
  const categories = useUserCategories();
  const create = useCreateUser();
  const update = useUpdateUser();
  const { submit, failed } = useRecordSubmit<User, AdminUserInput>(body, {
    record: user,
    noun: 'User',
    create: (values) => create.trigger(values),
    update: (record, values) => update.trigger({ id: record.id, patch: values }),
    name: (values) => values.username,
    created: (values) => t('admin.users.createdText', { username: values.username }),
    busy: create.isMutating || update.isMutating,
  });

  return (
    <Form form={form} id={body.formId} className="form-stack" onSubmit={submit} onSubmitError={failed} aria-label={t('role.user')}>
      <div className="form-grid form-grid--2">
        <AccountIdentityFields isProtected={isProtected} />
        <FormInput
          name="password"
          label={t('shared.account.password')}
          type="password"
          autoComplete="new-password"
          description={user ? t('admin.users.passwordKeep') : t('admin.users.password8')}
        />
        <UserCategorySelect categories={categories} />
      </div>
      <UserAdminFields isProtected={isProtected} />
    </Form>
  );
}

/** UserFormDialog: the admin user form (create or edit) of spec 02 §5. */
export function UserFormDialog({ user, ...dialog }: RecordDialogProps & { user: User | null }) {
  const t = useT();
  return (
    <RecordFormDialog
      {...dialog}
      record={user}
      noun="User"
      createLabel={t('admin.users.create')}
      description={user ? t('admin.users.editText', { username: user.username }) : t('admin.users.createText')}
      size="lg"
    >
      {(body) => <UserForm {...body} user={user} />}
    </RecordFormDialog>
  );
}
