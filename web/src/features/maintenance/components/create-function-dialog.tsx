import { useId } from 'react';
import { getErrorMessage } from '@/api/client';
import type { NewAppFunction } from '@/api/types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormInput, FormTextarea, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { translateMessage } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useCreateFunction } from '../api/create-function';
import { functionSchema } from '../api/maintenance-schema';

/** CreateFunctionDialog: a new application function (name, display name, description). */
export function CreateFunctionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const form = useZodForm(functionSchema, { defaultValues: { name: '', displayName: '', description: '' } });
  const problem = form.formState.errors.root?.message;
  const { trigger, isMutating } = useCreateFunction();
  const { toast } = useToast();
  const t = useT();

  const close = () => {
    form.reset();
    onOpenChange(false);
  };

  const submit = async (fn: NewAppFunction) => {
    const created = await trigger(fn);
    toast({ title: t('admin.maintenance.created'), description: t('admin.maintenance.createdText', { name: created?.displayName ?? fn.displayName }), variant: 'success' });
    close();
  };

  const failed = (failure: unknown) =>
    toast({
      title: t('admin.maintenance.createFailed'),
      description: getErrorMessage(failure, t('admin.maintenance.createFailedText')),
      variant: 'destructive',
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !isMutating) close();
      }}
      title={t('admin.maintenance.create')}
      description={t('admin.maintenance.createText')}
      footer={
        <>
          <Button variant="outline" disabled={isMutating} onClick={close}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isMutating}>
            {t('admin.maintenance.create')}
          </Button>
        </>
      }
    >
      <Form form={form} id={formId} className="form-stack" onSubmit={submit} onSubmitError={failed}>
        {problem ? <Alert variant="destructive" title={translateMessage(problem)} /> : null}
        <div className="form-grid form-grid--2">
          <FormInput
            name="name"
            label={t('admin.name')}
            placeholder={t('admin.maintenance.namePlaceholder')}
            description={t('admin.maintenance.nameHint')}
            autoComplete="off"
          />
          <FormInput name="displayName" label={t('admin.maintenance.displayName')} placeholder={t('admin.maintenance.displayNamePlaceholder')} autoComplete="off" />
        </div>
        <FormTextarea name="description" label={t('admin.description')} rows={3} />
      </Form>
    </Dialog>
  );
}
