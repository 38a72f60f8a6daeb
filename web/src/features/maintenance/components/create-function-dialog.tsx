import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/input';
import { TextareaField } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { useCreateFunction } from '../api/create-function';

export const NAME_AND_DISPLAY_REQUIRED = 'Name and display name are required';

/** validateFunction: name and display name are both required (spec 02 §5). */
export function validateFunction(values: { name: string; displayName: string }): string | null {
  return values.name.trim() && values.displayName.trim() ? null : NAME_AND_DISPLAY_REQUIRED;
}

/** CreateFunctionDialog: a new application function (name, display name, description). */
export function CreateFunctionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const [values, setValues] = useState({ name: '', displayName: '', description: '' });
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { trigger, isMutating } = useCreateFunction();
  const { toast } = useToast();

  const close = () => {
    setValues({ name: '', displayName: '', description: '' });
    setError(null);
    setFieldError(undefined);
    onOpenChange(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateFunction(values);
    setError(problem);
    if (problem) return;
    try {
      const created = await trigger({
        name: values.name.trim(),
        displayName: values.displayName.trim(),
        description: values.description.trim(),
      });
      toast({ title: 'Function created', description: `${created?.displayName ?? values.displayName} can now be put in maintenance.`, variant: 'success' });
      close();
    } catch (failure) {
      const message = getErrorMessage(failure, 'The function could not be created. Please try again.');
      setFieldError(getFieldErrors(failure).name);
      toast({ title: 'Failed to create function', description: message, variant: 'destructive' });
    }
  };

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
      <form id={formId} className="form-stack" onSubmit={(event) => void submit(event)} noValidate>
        {error ? <Alert variant="destructive" title={error} /> : null}
        <div className="form-grid form-grid--2">
          <Field
            label="Name"
            name="name"
            placeholder="e.g. seed_swap"
            hint="Internal id: lowercase letters, digits and underscores."
            value={values.name}
            error={fieldError}
            autoComplete="off"
            onChange={(event) => setValues({ ...values, name: event.target.value })}
          />
          <Field
            label="Display name"
            name="displayName"
            placeholder="e.g. Seed Swap"
            value={values.displayName}
            autoComplete="off"
            onChange={(event) => setValues({ ...values, displayName: event.target.value })}
          />
        </div>
        <TextareaField
          label="Description"
          name="description"
          rows={3}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.target.value })}
        />
      </form>
    </Dialog>
  );
}
