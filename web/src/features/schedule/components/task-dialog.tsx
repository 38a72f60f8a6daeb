import { useWatch } from 'react-hook-form';
import { useCreateCareTask } from '@/api/care-tasks/create-care-task';
import { TASK_TYPES, type NewCareTask } from '@/api/types';
import { FormPlantSelect } from '@/components/plant-select';
import { Form, FormCheckbox, FormInput, FormNumber, FormSelect, FormTextarea, useZodForm } from '@/components/ui/form';
import { FormDialog, type FormDialogBody } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toast';
import { taskLabel } from '@/lib/care';
import { taskSchema } from '../api/create-task-schema';

const CREATE_FAILED = {
  title: 'Error',
  description: 'There was a problem scheduling your task. Please try again.',
  variant: 'destructive',
} as const;

function TaskForm({ formId, date, onDone, onPendingChange }: FormDialogBody & { date: string }) {
  const form = useZodForm(taskSchema, {
    defaultValues: { plantId: '', taskType: '' as never, scheduledDate: date, notes: '', isRecurring: false, recurringDays: 7 },
  });
  const isRecurring = useWatch({ control: form.control, name: 'isRecurring' });
  const { trigger, isMutating } = useCreateCareTask();
  const { toast } = useToast();

  const onSubmit = async (task: NewCareTask) => {
    if (isMutating) return;
    onPendingChange(true);
    try {
      await trigger(task);
      toast({ title: 'Task created', variant: 'success' });
      onDone();
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={onSubmit} onSubmitError={() => toast(CREATE_FAILED)}>
      <FormPlantSelect />
      <div className="form-grid form-grid--2">
        <FormSelect name="taskType" label="Task type">
          <option value="">Select a task type</option>
          {TASK_TYPES.map((type) => (
            <option key={type} value={type}>
              {taskLabel(type)}
            </option>
          ))}
        </FormSelect>
        <FormInput name="scheduledDate" label="Date" type="date" />
      </div>
      <FormCheckbox name="isRecurring" label="Recurring task" />
      {isRecurring ? (
        <FormNumber
          name="recurringDays"
          label="Repeat every X days"
          min={1}
          max={365}
          step={1}
          description="From 1 to 365 days. The next task appears when this one is completed."
        />
      ) : null}
      <FormTextarea name="notes" label="Notes" placeholder="Optional" rows={3} />
    </Form>
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
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Schedule a Care Task"
      description="Plan watering, feeding and other care for one of your plants."
      submitLabel="Schedule Task"
      pendingLabel="Scheduling…"
    >
      {(body) => <TaskForm {...body} date={date} />}
    </FormDialog>
  );
}
