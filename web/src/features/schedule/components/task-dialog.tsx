import { useId, useState, type FormEvent } from 'react';
import { getFieldErrors } from '@/api/client';
import { useCreateCareTask } from '@/api/care-tasks/create-care-task';
import { usePlants } from '@/api/plants/get-plants';
import { TASK_TYPES } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { TextareaField } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { taskLabel } from '@/lib/care';
import { toNewCareTask, validateTask, type TaskFormErrors, type TaskFormValues } from './validate-task';

const CREATE_FAILED = {
  title: 'Error',
  description: 'There was a problem scheduling your task. Please try again.',
  variant: 'destructive',
} as const;

function TaskForm({
  formId,
  date,
  onDone,
  onSubmittingChange,
}: {
  formId: string;
  date: string;
  onDone: () => void;
  onSubmittingChange: (submitting: boolean) => void;
}) {
  const [values, setValues] = useState<TaskFormValues>({
    plantId: '',
    taskType: '',
    scheduledDate: date,
    notes: '',
    isRecurring: false,
    recurringDays: '7',
  });
  const [errors, setErrors] = useState<TaskFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const plants = usePlants();
  const { trigger, isMutating } = useCreateCareTask();
  const { toast } = useToast();

  const set = (patch: Partial<TaskFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateTask(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    setSubmitted(true);
    const found = validateTask(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmittingChange(true);
    try {
      await trigger(toNewCareTask(values));
      toast({ title: 'Task created', variant: 'success' });
      onDone();
    } catch (error) {
      const fields = getFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields as TaskFormErrors);
      toast(CREATE_FAILED);
    } finally {
      onSubmittingChange(false);
    }
  };

  const plantList = plants.data ?? [];
  return (
    <form id={formId} className="form-stack" onSubmit={onSubmit} noValidate>
      <SelectField
        label="Plant"
        name="plantId"
        value={values.plantId}
        error={errors.plantId}
        disabled={plants.isLoading}
        hint={plants.error ? 'Your plants could not be loaded.' : plantList.length === 0 && !plants.isLoading ? 'Add a plant first.' : undefined}
        onChange={(e) => set({ plantId: e.target.value })}
      >
        <option value="">{plants.isLoading ? 'Loading plants…' : 'Select a plant'}</option>
        {plantList.map((plant) => (
          <option key={plant.id} value={plant.id}>
            {plant.name}
          </option>
        ))}
      </SelectField>
      <div className="form-grid form-grid--2">
        <SelectField
          label="Task type"
          name="taskType"
          value={values.taskType}
          error={errors.taskType}
          onChange={(e) => set({ taskType: e.target.value })}
        >
          <option value="">Select a task type</option>
          {TASK_TYPES.map((type) => (
            <option key={type} value={type}>
              {taskLabel(type)}
            </option>
          ))}
        </SelectField>
        <Field
          label="Date"
          name="scheduledDate"
          type="date"
          value={values.scheduledDate}
          error={errors.scheduledDate}
          onChange={(e) => set({ scheduledDate: e.target.value })}
        />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          name="isRecurring"
          checked={values.isRecurring}
          onChange={(e) => set({ isRecurring: e.target.checked })}
        />
        Recurring task
      </label>
      {values.isRecurring ? (
        <Field
          label="Repeat every X days"
          name="recurringDays"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          step={1}
          value={values.recurringDays}
          error={errors.recurringDays}
          hint="From 1 to 365 days. The next task appears when this one is completed."
          onChange={(e) => set({ recurringDays: e.target.value })}
        />
      ) : null}
      <TextareaField
        label="Notes"
        name="notes"
        placeholder="Optional"
        value={values.notes}
        error={errors.notes}
        rows={3}
        onChange={(e) => set({ notes: e.target.value })}
      />
    </form>
  );
}

/** TaskDialog: "Schedule a Care Task" (spec 01 §5); the date starts at the selected day. */
export function TaskDialog({
  open,
  onOpenChange,
  date,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date: string;
}) {
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setSubmitting(false);
        onOpenChange(next);
      }}
      title="Schedule a Care Task"
      description="Plan watering, feeding and other care for one of your plants."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {submitting ? 'Scheduling…' : 'Schedule Task'}
          </Button>
        </>
      }
    >
      {open ? <TaskForm formId={formId} date={date} onDone={() => onOpenChange(false)} onSubmittingChange={setSubmitting} /> : null}
    </Dialog>
  );
}
