import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/textarea';

export const MESSAGE_REQUIRED = 'A message is required to turn maintenance on';

/**
 * MaintenanceMessageDialog asks for the message before maintenance is switched on
 * (spec 02 §4); the message is required.
 */
export function MaintenanceMessageDialog({
  target,
  pending,
  onCancel,
  onConfirm,
}: {
  /** What goes into maintenance (a function's display name or a site's name); null: closed. */
  target: string | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (message: string) => void;
}) {
  const formId = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!message.trim()) {
      setError(MESSAGE_REQUIRED);
      return;
    }
    onConfirm(message.trim());
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !pending) {
          setMessage('');
          setError(undefined);
          onCancel();
        }
      }}
      title="Enable Maintenance Mode"
      description={target ? `Users will see this message while ${target} is in maintenance.` : undefined}
      size="sm"
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="warning" loading={pending}>
            Enable Maintenance
          </Button>
        </>
      }
    >
      <form id={formId} className="form-stack" onSubmit={submit} noValidate>
        <TextareaField
          label="Maintenance message"
          name="message"
          placeholder="e.g. We are upgrading the forum. Back at 14:00."
          value={message}
          error={error}
          rows={4}
          onChange={(event) => {
            setMessage(event.target.value);
            if (error && event.target.value.trim()) setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
