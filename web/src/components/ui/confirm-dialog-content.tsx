import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useT } from '@/lib/i18n/provider';
import { Button } from './button';
import type { ConfirmDialogProps } from './confirm-dialog';
import './dialog.css';

/**
 * ConfirmDialogContent asks before something irreversible (Radix AlertDialog: focus starts on
 * Cancel, Escape cancels). The confirm button shows a spinner while `pending`.
 */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  destructive = true,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog dialog--sm">
          <div className="dialog__header">
            <div className="dialog__heading">
              <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
              <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description>
            </div>
          </div>
          <div className="dialog__footer">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel ?? t('common.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={destructive ? 'danger' : 'primary'}
              loading={pending}
              onClick={(event) => {
                // Stay open until the caller closes it (after the request).
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
