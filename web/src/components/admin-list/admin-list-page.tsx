import { Plus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { SearchCard } from '@/components/ui/search-card';
import { useToast } from '@/components/ui/toast';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';

/** The records an administration list page holds. */
export type AdminNoun = 'site' | 'user';

/** The texts of each noun's page and delete dialog (catalogue keys of the admin area). */
const TEXTS: Record<
  AdminNoun,
  Record<'title' | 'add' | 'all' | 'deleteTitle' | 'deleteConfirm' | 'deleted' | 'deleteFailed' | 'deleteFailedText', MessageKey>
> = {
  site: {
    title: 'nav.sites',
    add: 'admin.sites.add',
    all: 'admin.sites.all',
    deleteTitle: 'admin.sites.deleteTitle',
    deleteConfirm: 'admin.sites.deleteConfirm',
    deleted: 'admin.sites.deleted',
    deleteFailed: 'admin.sites.deleteFailed',
    deleteFailedText: 'admin.sites.deleteFailedText',
  },
  user: {
    title: 'nav.users',
    add: 'admin.users.add',
    all: 'admin.users.all',
    deleteTitle: 'admin.users.deleteTitle',
    deleteConfirm: 'admin.users.deleteConfirm',
    deleted: 'admin.users.deleted',
    deleteFailed: 'admin.users.deleteFailed',
    deleteFailedText: 'admin.users.deleteFailedText',
  },
};

/**
 * AdminListPage is the frame of an administration list page (sites, users), named after its
 * noun: the header with "Add …", the searchable card "All …" holding the list (children), the
 * record's form dialog and the delete confirmation.
 */
export function AdminListPage<T extends { id: number }>({
  noun,
  description,
  onAdd,
  card,
  children,
  form,
  remove,
}: {
  /** "site", "user": the page's class, the button, the card's title and id. */
  noun: AdminNoun;
  description: string;
  onAdd: () => void;
  card: { icon: ReactNode; description: ReactNode; search: ComponentProps<typeof SearchCard>['search'] };
  /** The list (with its states). */
  children: ReactNode;
  /** The add and edit dialog. */
  form: ReactNode;
  remove: ComponentProps<typeof DeleteRecordDialog<T>>;
}) {
  const t = useT();
  const texts = TEXTS[noun];
  return (
    <div className={`${noun}s-page`}>
      <PageHeader
        eyebrow={t('nav.group.admin')}
        title={t(texts.title)}
        description={description}
        actions={
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={onAdd}>
            {t(texts.add)}
          </Button>
        }
      />
      <SearchCard id={`${noun}s-title`} title={t(texts.all)} {...card}>
        {children}
      </SearchCard>
      {form}
      <DeleteRecordDialog {...remove} />
    </div>
  );
}

/**
 * DeleteRecordDialog asks before deleting a record (a site, a user), deletes it through the
 * page's mutation and says how it went in a toast ("Site deleted", "Error deleting site").
 */
export function DeleteRecordDialog<T extends { id: number }>({
  record,
  onClose,
  noun,
  name,
  question,
  mutation,
}: {
  record: T | null;
  onClose: () => void;
  /** "site", "user". */
  noun: AdminNoun;
  name: (record: T) => string;
  question: (record: T) => string;
  mutation: { trigger: (id: number) => Promise<unknown>; isMutating: boolean };
}) {
  const { toast } = useToast();
  const t = useT();
  const texts = TEXTS[noun];
  const remove = async () => {
    if (!record) return;
    try {
      await mutation.trigger(record.id);
      toast({ title: t(texts.deleted), description: t('admin.deletedText', { name: name(record) }), variant: 'success' });
    } catch (error) {
      toast({
        title: t(texts.deleteFailed),
        description: getErrorMessage(error, t(texts.deleteFailedText)),
        variant: 'destructive',
      });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open && !mutation.isMutating) onClose();
      }}
      title={t(texts.deleteTitle)}
      description={record ? question(record) : ''}
      confirmLabel={t(texts.deleteConfirm)}
      pending={mutation.isMutating}
      onConfirm={() => void remove()}
    />
  );
}
