import { Plus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { SearchCard } from '@/components/ui/search-card';
import { useToast } from '@/components/ui/toast';

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
  noun: string;
  description: string;
  onAdd: () => void;
  card: { icon: ReactNode; description: ReactNode; search: ComponentProps<typeof SearchCard>['search'] };
  /** The list (with its states). */
  children: ReactNode;
  /** The add and edit dialog. */
  form: ReactNode;
  remove: ComponentProps<typeof DeleteRecordDialog<T>>;
}) {
  const Noun = capitalized(noun);
  return (
    <div className={`${noun}s-page`}>
      <PageHeader
        eyebrow="Administration"
        title={`${Noun}s`}
        description={description}
        actions={
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={onAdd}>
            Add {Noun}
          </Button>
        }
      />
      <SearchCard id={`${noun}s-title`} title={`All ${Noun}s`} {...card}>
        {children}
      </SearchCard>
      {form}
      <DeleteRecordDialog {...remove} />
    </div>
  );
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

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
  noun: string;
  name: (record: T) => string;
  question: (record: T) => string;
  mutation: { trigger: (id: number) => Promise<unknown>; isMutating: boolean };
}) {
  const { toast } = useToast();
  const Noun = capitalized(noun);
  const remove = async () => {
    if (!record) return;
    try {
      await mutation.trigger(record.id);
      toast({ title: `${Noun} deleted`, description: `${name(record)} was deleted.`, variant: 'success' });
    } catch (error) {
      toast({
        title: `Error deleting ${noun}`,
        description: getErrorMessage(error, `The ${noun} could not be deleted. Please try again.`),
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
      title={`Delete ${noun}`}
      description={record ? question(record) : ''}
      confirmLabel={`Delete ${Noun}`}
      pending={mutation.isMutating}
      onConfirm={() => void remove()}
    />
  );
}
