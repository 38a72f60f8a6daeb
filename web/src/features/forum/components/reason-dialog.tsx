import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/textarea';
import { useT } from '@/lib/i18n/provider';

/**
 * ReasonDialog confirms a moderation or a report with a reason: optional for moderators (told
 * to the author in their notifications), required for reports.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  reasonLabel,
  reasonRequired = false,
  requiredMessage,
  destructive = false,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  reasonLabel?: string;
  reasonRequired?: boolean;
  requiredMessage?: string;
  destructive?: boolean;
  pending: boolean;
  onConfirm: (reason: string) => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setReason('');
      setError('');
    }
  }, [open]);
  const confirm = () => {
    if (reasonRequired && !reason.trim()) {
      setError(requiredMessage ?? t('forum.reason.required'));
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {t('forum.cancel')}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} loading={pending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <TextareaField
        label={reasonLabel ?? t('forum.reason.optional')}
        rows={3}
        maxLength={500}
        value={reason}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          setError('');
        }}
      />
    </Dialog>
  );
}
