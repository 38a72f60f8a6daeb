import { useId } from 'react';
import { getErrorMessage } from '@/api/client';
import type { NewAppFunction } from '@/api/types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormInput, FormTextarea, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { useCreateFunction } from '../api/create-function';
import { functionSchema } from '../api/maintenance-schema';

/** CreateFunctionDialog: a new application function (name, display name, description). */
export function CreateFunctionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const form = useZodForm(functionSchema, { defaultValues: { name: '', displayName: '', description: '' } });
  const problem = form.formState.errors.root?.message;
  const { trigger, isMutating } = useCreateFunction();
  const { toast } = useToast();

  const close = () => {
    form.reset();
    onOpenChange(false);
  };

  const submit = async (fn: NewAppFunction) => {
    const created = await trigger(fn);
    toast({ title: 'Function created', description: `${created?.displayName ?? fn.displayName} can now be put in maintenance.`, variant: 'success' });
    close();
  };

  const failed = (failure: unknown) =>
    toast({
      title: 'Failed to create function',
      description: getErrorMessage(failure, 'The function could not be created. Please try again.'),
      variant: 'destructive',
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !isMutating) close();
      }}
      title="Create Function"
      description="An area of Garden that can be put in maintenance on its own."
      footer={
        <>
          <Button variant="outline" disabled={isMutating} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={isMutating}>
            Create Function
          </Button>
        </>
      }
    >
      <Form form={form} id={formId} className="form-stack" onSubmit={submit} onSubmitError={failed}>
        {problem ? <Alert variant="destructive" title={problem} /> : null}
        <div className="form-grid form-grid--2">
          <FormInput
            name="name"
            label="Name"
            placeholder="e.g. seed_swap"
            description="Internal id: lowercase letters, digits and underscores."
            autoComplete="off"
          />
          <FormInput name="displayName" label="Display name" placeholder="e.g. Seed Swap" autoComplete="off" />
        </div>
        <FormTextarea name="description" label="Description" rows={3} />
      </Form>
    </Dialog>
  );
}
