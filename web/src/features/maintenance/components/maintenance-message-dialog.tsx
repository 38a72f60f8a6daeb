import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormTextarea, useZodForm } from '@/components/ui/form';
import { maintenanceMessageSchema } from '../api/maintenance-schema';

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
  const form = useZodForm(maintenanceMessageSchema, { defaultValues: { message: '' } });

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !pending) {
          form.reset();
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
      <Form form={form} id={formId} className="form-stack" onSubmit={({ message }) => onConfirm(message)}>
        <FormTextarea
          name="message"
          label="Maintenance message"
          placeholder="e.g. We are upgrading the forum. Back at 14:00."
          rows={4}
        />
      </Form>
    </Dialog>
  );
}
