import { z } from 'zod';
import { TASK_TYPES, type NewCareTask } from '@/api/types';
import { MAX_DAYS, MIN_DAYS } from '@/lib/care';
import { isDateKey } from '@/lib/dates';
import { always } from '@/lib/schema';

const isDays = (days: number) => Number.isInteger(days) && days >= MIN_DAYS && days <= MAX_DAYS;

const REPEAT_RANGE = 'schedule.task.repeatRange';

/**
 * taskSchema is "Schedule a Care Task" (spec 01 §5, POST /api/care-tasks, the API's
 * messages): a plant, a task type, a real date; when recurring, a whole number of days
 * from 1 to 365. Its output is the request body: recurringDays null when the task does
 * not repeat, notes null when empty.
 */
export const taskSchema = z
  .object({
    /** The select's text ('' before a plant is picked). */
    plantId: z.string().refine((id) => /^\d+$/.test(id) && Number(id) >= 1, 'schedule.task.selectPlant'),
    taskType: z.enum(TASK_TYPES, { error: 'schedule.task.selectTypeError' }),
    scheduledDate: z.string().refine(isDateKey, 'schedule.task.validDate'),
    notes: z.string().trim(),
    isRecurring: z.boolean(),
    /** Read only when recurring; blank is undefined (see FormNumber). */
    recurringDays: z.number().optional().or(z.nan()),
  })
  // Checked even while other fields are wrong, so every message shows at once.
  .refine((task) => !task.isRecurring || task.recurringDays !== undefined, {
    path: ['recurringDays'],
    message: 'schedule.task.needDays',
    when: always,
  })
  .refine((task) => !task.isRecurring || task.recurringDays === undefined || isDays(task.recurringDays), {
    path: ['recurringDays'],
    message: REPEAT_RANGE,
    when: always,
  })
  .transform(
    (task): NewCareTask => ({
      plantId: Number(task.plantId),
      taskType: task.taskType,
      scheduledDate: task.scheduledDate,
      notes: task.notes || null,
      isRecurring: task.isRecurring,
      recurringDays: task.isRecurring ? (task.recurringDays ?? null) : null,
    }),
  );

/** What the task form's fields hold. */
export type TaskFormValues = z.input<typeof taskSchema>;
