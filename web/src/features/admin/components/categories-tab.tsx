import { Plus, Tags } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { UserCategory } from '@/api/types';
import { useUserCategories } from '@/api/users/get-user-categories';
import { RecordMeta, RecordRow } from '@/components/record-list/record-list';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRecordDialog } from '@/components/ui/form-dialog';
import { RowActions } from '@/components/ui/row-actions';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/dates';
import { useDeleteUserCategory } from '../api/delete-user-category';
import { CategoryDialog } from './category-dialog';
import { DashboardList } from './dashboard-list';

/** CategoriesTab: the user categories with Add, Edit and Delete (with a confirmation). */
export function CategoriesTab({ search }: { search: string }) {
  const categories = useUserCategories();
  const remove = useDeleteUserCategory();
  const { toast } = useToast();
  const form = useRecordDialog<UserCategory>();
  const [deleting, setDeleting] = useState<UserCategory | null>(null);

  const confirmDelete = async () => {
    if (!deleting) {
      toast({ title: 'Error deleting category', description: 'No category selected', variant: 'destructive' });
      return;
    }
    try {
      await remove.trigger(deleting.id);
      toast({ title: 'Category deleted', description: `${deleting.name} was deleted.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Error deleting category', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
    setDeleting(null);
  };

  const content = (
    <DashboardList
      query={categories}
      search={search}
      texts={(c) => [c.name, c.description]}
      noun="category"
      label="User categories"
      loading={{ label: 'Loading user categories…', rows: 4 }}
      errorTitle="Failed to load user categories"
      empty={{
        icon: <Tags size={22} />,
        title: 'No categories yet',
        text: 'Categories group accounts, for example Volunteers or Students.',
        action: (
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => form.edit(null)}>
            Add Category
          </Button>
        ),
      }}
      row={(category) => (
        <RecordRow
          key={category.id}
          label={category.name}
          title={category.name}
          icon={<Tags size={18} />}
          actions={<RowActions name={category.name} onEdit={() => form.edit(category)} onDelete={() => setDeleting(category)} />}
        >
          {category.description ? <p>{category.description}</p> : null}
          <RecordMeta
            items={[
              { label: 'Created', value: formatDate(category.createdAt) || '—' },
              ...(category.experts ? [{ label: 'Expert badge', value: 'Yes' }] : []),
            ]}
          />
        </RecordRow>
      )}
    />
  );

  return (
    <div className="dashboard-tab">
      <div className="dashboard-tab__bar">
        <p className="muted">User categories group accounts; each user can have one.</p>
        <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => form.edit(null)}>
          Add Category
        </Button>
      </div>
      {content}
      <CategoryDialog {...form.dialog} category={form.record} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => {
          if (!next && !remove.isMutating) setDeleting(null);
        }}
        title="Delete category"
        description={deleting ? `Are you sure you want to delete ${deleting.name}? Its users keep their accounts without a category.` : ''}
        confirmLabel="Delete Category"
        pending={remove.isMutating}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
