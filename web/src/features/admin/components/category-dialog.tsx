import type { UserCategory, UserCategoryInput } from '@/api/types';
import { Form, FormCheckbox, FormInput, FormTextarea, useZodForm } from '@/components/ui/form';
import { RecordFormDialog, useRecordSubmit, type FormDialogBody, type RecordDialogProps } from '@/components/ui/form-dialog';
import { useCreateUserCategory } from '../api/create-user-category';
import { useUpdateUserCategory } from '../api/update-user-category';
import { useSession } from '@/lib/session';
import { categoryToSend, userCategorySchema } from '../api/user-category-schema';

function CategoryForm({ category, ...body }: FormDialogBody & { category: UserCategory | null }) {
  const { user: me } = useSession();
  const superadmin = me?.role === 'superadmin';
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
    createFailure: 'The category could not be saved. Please try again.',
  });

  return (
    <Form form={form} id={body.formId} className="form-stack" onSubmit={submit} onSubmitError={failed} aria-label="User category">
      <FormInput name="name" label="Name" autoComplete="off" />
      <FormTextarea name="description" label="Description" rows={3} />
      {superadmin ? (
        <FormCheckbox
          name="experts"
          label="Experts"
          description="Members answer expert questions with the Expert badge, on every site. Only superadmins can change this."
        />
      ) : null}
    </Form>
  );
}

/** CategoryDialog: Add Category or Edit Category (user categories). */
export function CategoryDialog({ category, ...dialog }: RecordDialogProps & { category: UserCategory | null }) {
  return (
    <RecordFormDialog
      {...dialog}
      record={category}
      noun="Category"
      description="User categories group accounts, for example Volunteers or Students."
      size="sm"
    >
      {(body) => <CategoryForm {...body} category={category} />}
    </RecordFormDialog>
  );
}
