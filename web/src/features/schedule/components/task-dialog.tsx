import { useWatch } from 'react-hook-form';
import { useCreateCareTask } from '@/api/care-tasks/create-care-task';
import { TASK_TYPES, type NewCareTask } from '@/api/types';
import { FormPlantSelect } from '@/components/plant-select';
import { Form, FormCheckbox, FormInput, FormNumber, FormSelect, FormTextarea, useZodForm } from '@/components/ui/form';
import { FormDialog, type FormDialogBody } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toast';
import { taskLabel } from '@/lib/care';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { taskSchema } from '../api/create-task-schema';

const createFailed = () =>
  ({
    title: translate('common.error'),
    description: translate('schedule.task.createFailed'),
    variant: 'destructive',
  }) as const;

function TaskForm({ formId, date, onDone, onPendingChange }: FormDialogBody & { date: string }) {
  const form = useZodForm(taskSchema, {
    defaultValues: { plantId: '', taskType: '' as never, scheduledDate: date, notes: '', isRecurring: false, recurringDays: 7 },
  });
  const isRecurring = useWatch({ control: form.control, name: 'isRecurring' });
  const { trigger, isMutating } = useCreateCareTask();
  const { toast } = useToast();
  const t = useT();

  const onSubmit = async (task: NewCareTask) => {
    if (isMutating) return;
    onPendingChange(true);
    try {
      await trigger(task);
      toast({ title: t('schedule.task.created'), variant: 'success' });
      onDone();
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={onSubmit} onSubmitError={() => toast(createFailed())}>
      <FormPlantSelect />
      <div className="form-grid form-grid--2">
        <FormSelect name="taskType" label={t('schedule.task.type')}>
          <option value="">{t('schedule.task.selectType')}</option>
          {TASK_TYPES.map((type) => (
            <option key={type} value={type}>
              {taskLabel(type)}
            </option>
          ))}
        </FormSelect>
        <FormInput name="scheduledDate" label={t('schedule.task.date')} type="date" />
      </div>
      <FormCheckbox name="isRecurring" label={t('schedule.task.recurring')} />
      {isRecurring ? (
        <FormNumber
          name="recurringDays"
          label={t('schedule.task.repeatEvery')}
          min={1}
          max={365}
          step={1}
          description={t('schedule.task.repeatHint')}
        />
      ) : null}
      <FormTextarea name="notes" label={t('schedule.task.notes')} placeholder={t('schedule.task.optional')} rows={3} />
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
  const t = useT();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('schedule.task.title')}
      description={t('schedule.task.description')}
      submitLabel={t('schedule.task.submit')}
      pendingLabel={t('schedule.task.pending')}
    >
      {(body) => <TaskForm {...body} date={date} />}
    </FormDialog>
  );
}
