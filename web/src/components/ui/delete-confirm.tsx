import { getErrorMessage } from '@/api/client';
import { useT } from '@/lib/i18n/provider';
import { ConfirmDialog } from './confirm-dialog';
import { useToast } from './toast';

/**
 * DeleteConfirm: the destructive "Delete {name}?" confirmation of a list page. Confirming
 * runs remove, then toasts "{Noun} Deleted" or "Failed to delete {noun}" with the server's
 * message; the dialog stays while the delete runs.
 */
export function DeleteConfirm<T extends { id: number; name: string }>({
  item,
  onClose,
  noun,
  description,
  pending,
  remove,
}: {
  /** The record to delete; null: closed. */
  item: T | null;
  onClose: () => void;
  /** "layout", "plan" (in the shown language): the toasts' and the fallback title's word. */
  noun: string;
  description: string;
  pending: boolean;
  remove: (id: number) => Promise<unknown>;
}) {
  const { toast } = useToast();
  const t = useT();
  const confirm = async () => {
    if (!item) return;
    try {
      await remove(item.id);
      const Noun = `${noun.charAt(0).toLocaleUpperCase()}${noun.slice(1)}`;
      toast({ title: t('shared.delete.deleted', { Noun }), description: t('shared.delete.deletedText', { name: item.name }), variant: 'success' });
    } catch (error) {
      toast({ title: t('shared.delete.failed', { noun }), description: getErrorMessage(error, t('shared.pleaseTryAgain')), variant: 'destructive' });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={t('shared.delete.title', { name: item ? item.name : noun })}
      description={description}
      confirmLabel={t('shared.row.delete')}
      pending={pending}
      destructive
      onConfirm={() => void confirm()}
    />
  );
}
