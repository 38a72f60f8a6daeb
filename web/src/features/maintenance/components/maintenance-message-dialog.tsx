import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormTextarea, useZodForm } from '@/components/ui/form';
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !pending) {
          form.reset();
          onCancel();
        }
      }}
      title={t('admin.maintenance.enableTitle')}
      description={target ? t('admin.maintenance.enableText', { name: target }) : undefined}
      size="sm"
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={onCancel}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="warning" loading={pending}>
            {t('admin.maintenance.enable')}
          </Button>
        </>
      }
    >
      <Form form={form} id={formId} className="form-stack" onSubmit={({ message }) => onConfirm(message)}>
        <FormTextarea
          name="message"
          label={t('admin.maintenance.message')}
          placeholder={t('admin.maintenance.messagePlaceholder')}
          rows={4}
        />
      </Form>
    </Dialog>
  );
}
