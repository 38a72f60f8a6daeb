import { useEffect, useId, useRef } from 'react';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormInput, FormNumber, FormTextarea, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { categorySchema, defaultSortOrder, forumSlug, slugFollowsName, useCreateCategory, useUpdateCategory } from '../api/categories';
import type { ForumCategory } from '../api/types';

/**
 * CategoryFormDialog is Add Category / Edit Category (spec 02 §2): name, slug, sort order
 * (a number, at least 0) and description. The slug follows the name while creating, and
 * while editing as long as it is the original slug or the one derived from the name.
 */
export function CategoryFormDialog({
  open,
  onOpenChange,
  category,
  count,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category being edited; null adds one. */
  category: ForumCategory | null;
  /** How many categories exist, for a new one's default sort order. */
  count: number;
}) {
  const creating = category === null;
  const formId = useId();
  const defaults = {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    sortOrder: category?.sortOrder ?? defaultSortOrder(count),
    description: category?.description ?? '',
  };
  const form = useZodForm(categorySchema, { defaultValues: defaults });
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const { toast } = useToast();
  const previousName = useRef(defaults.name);

  useEffect(() => {
    if (!open) return;
    form.reset(defaults);
    previousName.current = defaults.name;
    // Reset only when the dialog opens or its category changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, category?.id]);

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name !== 'name') return;
      const next = values.name ?? '';
      const slug = form.getValues('slug');
      if (slugFollowsName(creating, category?.slug ?? '', slug, previousName.current)) {
        form.setValue('slug', forumSlug(next), { shouldValidate: form.formState.isSubmitted });
      }
      previousName.current = next;
    });
    return () => subscription.unsubscribe();
  }, [form, creating, category?.slug]);

  const pending = create.isMutating || update.isMutating;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={creating ? 'Add Category' : 'Edit Category'}
      description={creating ? 'A new place for topics in the community forum.' : `Change ${category.name}.`}
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {creating ? 'Create Category' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <Form
        form={form}
        id={formId}
        className="forum-category-form"
        onSubmit={async (input) => {
          if (creating) {
            await create.trigger(input);
            toast({ title: 'Category created', description: `${input.name} was added.`, variant: 'success' });
          } else {
            await update.trigger({ id: category.id, input });
            toast({ title: 'Category updated', description: `${input.name} was saved.`, variant: 'success' });
          }
          onOpenChange(false);
        }}
        onSubmitError={(error) =>
          toast({
            title: creating ? 'Failed to create category' : 'Failed to update category',
            description: getErrorMessage(error, 'Please try again later.'),
            variant: 'destructive',
          })
        }
      >
        <FormInput name="name" label="Name" placeholder="Fruit & Veg" maxLength={100} />
        <FormInput name="slug" label="Slug" description="Used in the address: /community/forum/category/slug" maxLength={100} />
        <FormNumber name="sortOrder" label="Sort order" min={0} step={1} />
        <FormTextarea name="description" label="Description" rows={3} maxLength={500} />
      </Form>
    </Dialog>
  );
}
