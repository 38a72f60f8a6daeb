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
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();

  const confirmDelete = async () => {
    if (!deleting) {
      toast({ title: t('admin.categories.deleteFailed'), description: t('shared.accountRules.noCategorySelected'), variant: 'destructive' });
      return;
    }
    try {
      await remove.trigger(deleting.id);
      toast({ title: t('admin.categories.deleted'), description: t('admin.deletedText', { name: deleting.name }), variant: 'success' });
    } catch (error) {
      toast({ title: t('admin.categories.deleteFailed'), description: getErrorMessage(error, t('admin.tryAgain')), variant: 'destructive' });
    }
    setDeleting(null);
  };

  const content = (
    <DashboardList
      query={categories}
      search={search}
      texts={(c) => [c.name, c.description]}
      noMatches={(query) => t('admin.categories.noMatch', { query })}
      label={t('admin.categories.label')}
      loading={{ label: t('admin.categories.loading'), rows: 4 }}
      errorTitle={t('shared.categorySelect.userLoadFailed')}
      empty={{
        icon: <Tags size={22} />,
        title: t('admin.categories.none'),
        text: t('admin.categories.noneText'),
        action: (
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => form.edit(null)}>
            {t('admin.categories.add')}
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
              { label: t('admin.categories.created'), value: formatDate(category.createdAt) || '—' },
              ...(category.experts ? [{ label: t('admin.categories.expertBadge'), value: t('admin.yes') }] : []),
            ]}
          />
        </RecordRow>
      )}
    />
  );

  return (
    <div className="dashboard-tab">
      <div className="dashboard-tab__bar">
        <p className="muted">{t('admin.categories.intro')}</p>
        <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => form.edit(null)}>
          {t('admin.categories.add')}
        </Button>
      </div>
      {content}
      <CategoryDialog {...form.dialog} category={form.record} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => {
          if (!next && !remove.isMutating) setDeleting(null);
        }}
        title={t('admin.categories.deleteTitle')}
        description={deleting ? t('admin.categories.deleteText', { name: deleting.name }) : ''}
        confirmLabel={t('admin.categories.deleteConfirm')}
        pending={remove.isMutating}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
