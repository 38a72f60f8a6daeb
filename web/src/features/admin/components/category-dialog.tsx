import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import type { UserCategory } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/input';
import { TextareaField } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { NAME_MIN_LENGTH } from '@/lib/validation';
import { useCreateUserCategory } from '../api/create-user-category';
import { useUpdateUserCategory } from '../api/update-user-category';

export const CATEGORY_NAME_SHORT = 'Name must be at least 2 characters';

/** validateCategoryName: a user category's name has at least 2 characters (spec 02 §5). */
export function validateCategoryName(name: string): string | undefined {
  return name.trim().length < NAME_MIN_LENGTH ? CATEGORY_NAME_SHORT : undefined;
}

function CategoryForm({
  formId,
  category,
  onDone,
  onPendingChange,
}: {
  formId: string;
  category: UserCategory | null;
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateUserCategory();
  const update = useUpdateUserCategory();
  const { toast } = useToast();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const problem = validateCategoryName(name);
    setError(problem);
    if (problem) return;
    const body = { name: name.trim(), description: description.trim() };
    onPendingChange(true);
    try {
      if (category) {
        await update.trigger({ id: category.id, category: body });
        toast({ title: 'Category updated', description: `${body.name} was saved.`, variant: 'success' });
      } else {
        await create.trigger(body);
        toast({ title: 'Category created', description: `${body.name} was added.`, variant: 'success' });
      }
      onDone();
    } catch (failure) {
      setError(getFieldErrors(failure).name);
      toast({
        title: category ? 'Error updating category' : 'Error creating category',
        description: getErrorMessage(failure, 'The category could not be saved. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <form id={formId} className="form-stack" onSubmit={(event) => void submit(event)} noValidate aria-label="User category">
      <Field
        label="Name"
        name="name"
        value={name}
        error={error}
        autoComplete="off"
        onChange={(event) => {
          setName(event.target.value);
          if (submitted) setError(validateCategoryName(event.target.value));
        }}
      />
      <TextareaField
        label="Description"
        name="description"
        rows={3}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
    </form>
  );
}

/** CategoryDialog: Add Category or Edit Category (user categories). */
export function CategoryDialog({
  open,
  category,
  onOpenChange,
}: {
  open: boolean;
  category: UserCategory | null;
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
      title={category ? 'Edit Category' : 'Add Category'}
      description="User categories group accounts, for example Volunteers or Students."
      size="sm"
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {category ? 'Save Category' : 'Add Category'}
          </Button>
        </>
      }
    >
      {open ? <CategoryForm key={category?.id ?? 'new'} formId={formId} category={category} onDone={() => onOpenChange(false)} onPendingChange={setPending} /> : null}
    </Dialog>
  );
}
