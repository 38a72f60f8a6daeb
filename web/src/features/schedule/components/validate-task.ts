import { TASK_TYPES, type NewCareTask, type TaskType } from '@/api/types';
import { MAX_DAYS, MIN_DAYS } from '@/lib/care';
import { isDateKey } from '@/lib/dates';

export interface TaskFormValues {
  plantId: string;
  taskType: string;
  scheduledDate: string;
  notes: string;
  isRecurring: boolean;
  recurringDays: string;
}

export type TaskFormErrors = Partial<Record<keyof TaskFormValues, string>>;

/**
 * validateTask applies spec 01 §5 with the API's messages: a plant, a task type, a real
 * date; when recurring, a whole number of days from 1 to 365.
 */
export function validateTask(values: TaskFormValues): TaskFormErrors {
  const errors: TaskFormErrors = {};
  const plantId = Number(values.plantId);
  if (!values.plantId || !Number.isInteger(plantId) || plantId < 1) errors.plantId = 'Please select a plant';
  if (!(TASK_TYPES as readonly string[]).includes(values.taskType)) errors.taskType = 'Please select a task type';
  if (!isDateKey(values.scheduledDate)) errors.scheduledDate = 'Please enter a valid date';
  if (values.isRecurring) {
    const text = values.recurringDays.trim();
    const days = Number(text);
    if (!text) errors.recurringDays = 'Recurring tasks need a number of days';
    else if (!Number.isInteger(days) || days < MIN_DAYS || days > MAX_DAYS) {
      errors.recurringDays = 'Repeat every X days must be between 1 and 365';
    }
  }
  return errors;
}

/**
 * toNewCareTask builds the POST body: recurringDays is null when the task does not
 * repeat, notes null when empty.
 */
export function toNewCareTask(values: TaskFormValues): NewCareTask {
  return {
    plantId: Number(values.plantId),
    taskType: values.taskType as TaskType,
    scheduledDate: values.scheduledDate,
    notes: values.notes.trim() || null,
    isRecurring: values.isRecurring,
    recurringDays: values.isRecurring ? Number(values.recurringDays.trim()) : null,
  };
}
