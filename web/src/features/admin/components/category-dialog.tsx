import type { UserCategory, UserCategoryInput } from '@/api/types';
import { Form, FormCheckbox, FormInput, FormTextarea, useZodForm } from '@/components/ui/form';
import { RecordFormDialog, useRecordSubmit, type FormDialogBody, type RecordDialogProps } from '@/components/ui/form-dialog';
import { useCreateUserCategory } from '../api/create-user-category';
import { useUpdateUserCategory } from '../api/update-user-category';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { categoryToSend, userCategorySchema } from '../api/user-category-schema';

function CategoryForm({ category, ...body }: FormDialogBody & { category: UserCategory | null }) {
  const { user: me } = useSession();
  const superadmin = me?.role === 'superadmin';
  const t = useT();
  const original = category?.experts ?? false;
  const form = useZodForm(userCategorySchema, {
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '', experts: original },
  });
  const create = useCreateUserCategory();
  const update = useUpdateUserCategory();
  const { submit, failed } = useRecordSubmit<UserCategory, UserCategoryInput>(body, {
    record: category,
    noun: 'Category',
    create: (values) => create.trigger(categoryToSend(values, false, superadmin)),
    update: (record, values) => update.trigger({ id: record.id, category: categoryToSend(values, original, superadmin) }),
    name: (values) => values.name,
    createFailure: t('admin.categories.saveFailed'),
  });

  return (
    <Form form={form} id={body.formId} className="form-stack" onSubmit={submit} onSubmitError={failed} aria-label={t('shared.userAdminFields.category')}>
      <FormInput name="name" label={t('admin.name')} autoComplete="off" />
      <FormTextarea name="description" label={t('admin.description')} rows={3} />
      {superadmin ? (
        <FormCheckbox
          name="experts"
          label={t('admin.categories.experts')}
          description={t('admin.categories.expertsText')}
        />
      ) : null}
    </Form>
  );
}

/** CategoryDialog: Add Category or Edit Category (user categories). */
export function CategoryDialog({ category, ...dialog }: RecordDialogProps & { category: UserCategory | null }) {
  const t = useT();
  return (
    <RecordFormDialog
      {...dialog}
      record={category}
      noun="Category"
      createLabel={t('admin.categories.add')}
      description={t('admin.categories.dialogText')}
      size="sm"
    >
      {(body) => <CategoryForm {...body} category={category} />}
    </RecordFormDialog>
  );
}
