import { useEffect, useId, useRef } from 'react';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormInput, FormNumber, FormTextarea, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();
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
      title={creating ? t('forum.category.add') : t('forum.category.edit')}
      description={creating ? t('forum.category.addText') : t('forum.category.editText', { name: category.name })}
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {t('forum.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {creating ? t('forum.category.create') : t('forum.saveChanges')}
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
            toast({ title: t('forum.category.created'), description: t('forum.category.createdText', { name: input.name }), variant: 'success' });
          } else {
            await update.trigger({ id: category.id, input });
            toast({ title: t('forum.category.updated'), description: t('forum.category.updatedText', { name: input.name }), variant: 'success' });
          }
          onOpenChange(false);
        }}
        onSubmitError={(error) =>
          toast({
            title: creating ? t('forum.category.createFailed') : t('forum.category.updateFailed'),
            description: getErrorMessage(error, t('forum.tryLater')),
            variant: 'destructive',
          })
        }
      >
        <FormInput name="name" label={t('forum.category.name')} placeholder={t('forum.category.namePlaceholder')} maxLength={100} />
        <FormInput name="slug" label={t('forum.category.slug')} description={t('forum.category.slugHint')} maxLength={100} />
        <FormNumber name="sortOrder" label={t('forum.category.sortOrder')} min={0} step={1} />
        <FormTextarea name="description" label={t('forum.category.description')} rows={3} maxLength={500} />
      </Form>
    </Dialog>
  );
}
