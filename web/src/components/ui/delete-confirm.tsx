import { getErrorMessage } from '@/api/client';
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
  /** "layout", "plan": the toasts' and the fallback title's word. */
  noun: string;
  description: string;
  pending: boolean;
  remove: (id: number) => Promise<unknown>;
}) {
  const { toast } = useToast();
  const confirm = async () => {
    if (!item) return;
    try {
      await remove(item.id);
      toast({ title: `${noun[0]!.toUpperCase()}${noun.slice(1)} Deleted`, description: `${item.name} was deleted.`, variant: 'success' });
    } catch (error) {
      toast({ title: `Failed to delete ${noun}`, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={item ? `Delete ${item.name}?` : `Delete ${noun}?`}
      description={description}
      confirmLabel="Delete"
      pending={pending}
      destructive
      onConfirm={() => void confirm()}
    />
  );
}
