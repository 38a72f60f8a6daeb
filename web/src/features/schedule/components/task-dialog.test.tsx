import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { db } from '@/testing/mock-api';
import { renderWithSession } from '@/testing/render';
import { http, HttpResponse, server } from '@/testing/server';
import { TaskDialog } from './task-dialog';
import { messagesOf } from '@/testing/schema';
import { taskSchema, type TaskFormValues } from '../api/create-task-schema';

type TaskText = Omit<TaskFormValues, 'taskType' | 'recurringDays'> & { taskType: string; recurringDays: string };

const base: TaskText = {
  plantId: '7',
  taskType: 'water',
  scheduledDate: '2026-11-21',
  notes: '',
  isRecurring: false,
  recurringDays: '7',
};

/** The form's number field reads blank as undefined and anything else as a number. */
const asForm = (values: TaskText) => ({
  ...values,
  recurringDays: values.recurringDays.trim() === '' ? undefined : Number(values.recurringDays),
});
const validateTask = (values: TaskText) => messagesOf(taskSchema, asForm(values));
const toNewCareTask = (values: TaskText) => taskSchema.parse(asForm(values));

describe('validateTask and toNewCareTask', () => {
  it('needs a plant, a task type and a real date', () => {
    expect(validateTask(base)).toEqual({});
    expect(validateTask({ ...base, plantId: '' }).plantId).toBe('Please select a plant');
    expect(validateTask({ ...base, plantId: '0' }).plantId).toBe('Please select a plant');
    expect(validateTask({ ...base, taskType: '' }).taskType).toBe('Please select a task type');
    expect(validateTask({ ...base, taskType: 'dance' }).taskType).toBe('Please select a task type');
    expect(validateTask({ ...base, scheduledDate: '2026-02-30' }).scheduledDate).toBe('Please enter a valid date');
  });

  it('checks the recurrence only when recurring: 1 to 365 whole days', () => {
    expect(validateTask({ ...base, recurringDays: '' })).toEqual({});
    const recurring = { ...base, isRecurring: true };
    expect(validateTask({ ...recurring, recurringDays: '' }).recurringDays).toBe('Recurring tasks need a number of days');
    for (const bad of ['0', '366', '-1', '2.5', 'abc']) {
      expect(validateTask({ ...recurring, recurringDays: bad }).recurringDays).toBe(
        'Repeat every X days must be between 1 and 365',
      );
    }
    expect(validateTask({ ...recurring, recurringDays: '1' })).toEqual({});
    expect(validateTask({ ...recurring, recurringDays: '365' })).toEqual({});
  });

  it('sends recurringDays null when not recurring and notes null when empty', () => {
    expect(toNewCareTask({ ...base, notes: '   ', recurringDays: '9' })).toEqual({
      plantId: 7,
      taskType: 'water',
      scheduledDate: '2026-11-21',
      notes: null,
      isRecurring: false,
      recurringDays: null,
    });
    expect(toNewCareTask({ ...base, isRecurring: true, recurringDays: ' 3 ', notes: ' Half strength ' })).toEqual({
      plantId: 7,
      taskType: 'water',
      scheduledDate: '2026-11-21',
      notes: 'Half strength',
      isRecurring: true,
      recurringDays: 3,
    });
  });
});

function renderDialog(date = '2026-11-21') {
  const onOpenChange = vi.fn();
  const view = renderWithSession(<TaskDialog open onOpenChange={onOpenChange} date={date} />);
  return { ...view, onOpenChange };
}

const posted = () => db.requests.filter((r) => r.method === 'POST' && r.path === '/api/care-tasks');

describe('Schedule a Care Task dialog', () => {
  it('shows the plant and task type messages and sends nothing', async () => {
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a Care Task' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-11-21');
    await user.click(screen.getByRole('button', { name: 'Schedule Task' }));
    expect(await within(dialog).findByText('Please select a plant')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a task type')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  it('validates "Repeat every X days" from 1 to 365', async () => {
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a Care Task' });
    await within(within(dialog).getByLabelText('Plant')).findByRole('option', { name: 'Basil' });
    await user.selectOptions(within(dialog).getByLabelText('Plant'), '7');
    await user.selectOptions(within(dialog).getByLabelText('Task type'), 'water');
    expect(within(dialog).queryByLabelText('Repeat every X days')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Recurring task'));
    const days = within(dialog).getByLabelText('Repeat every X days');
    expect(days).toHaveValue(7);
    expect(days).toHaveAttribute('min', '1');
    expect(days).toHaveAttribute('max', '365');

    await user.clear(days);
    await user.type(days, '366');
    await user.click(screen.getByRole('button', { name: 'Schedule Task' }));
    expect(await within(dialog).findByText('Repeat every X days must be between 1 and 365')).toBeInTheDocument();
    await user.clear(days);
    expect(within(dialog).getByText('Recurring tasks need a number of days')).toBeInTheDocument();
    await user.type(days, '0');
    expect(within(dialog).getByText('Repeat every X days must be between 1 and 365')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '3');
    await user.type(within(dialog).getByLabelText('Notes'), 'Morning');
    await user.click(screen.getByRole('button', { name: 'Schedule Task' }));
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    expect(posted()[0]!.body).toEqual({
      plantId: 7,
      taskType: 'water',
      scheduledDate: '2026-11-21',
      notes: 'Morning',
      isRecurring: true,
      recurringDays: 3,
    });
  });

  it('sends recurringDays null and notes null for a one-off task without notes', async () => {
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    const { user, onOpenChange } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a Care Task' });
    await within(within(dialog).getByLabelText('Plant')).findByRole('option', { name: 'Basil' });
    await user.selectOptions(within(dialog).getByLabelText('Plant'), '7');
    await user.selectOptions(within(dialog).getByLabelText('Task type'), 'repot');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Schedule Task' }));
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(posted()[0]!.body).toEqual({
      plantId: 7,
      taskType: 'repot',
      scheduledDate: '2026-12-01',
      notes: null,
      isRecurring: false,
      recurringDays: null,
    });
  });

  it('toasts the scheduling failure', async () => {
    db.plants = [makePlant({ id: 7, name: 'Basil' })];
    server.use(http.post('*/api/care-tasks', () => HttpResponse.json({ message: 'Internal error.' }, { status: 500 })));
    const { user, onOpenChange } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a Care Task' });
    await within(within(dialog).getByLabelText('Plant')).findByRole('option', { name: 'Basil' });
    await user.selectOptions(within(dialog).getByLabelText('Plant'), '7');
    await user.selectOptions(within(dialog).getByLabelText('Task type'), 'water');
    await user.click(screen.getByRole('button', { name: 'Schedule Task' }));
    expect(await screen.findByText('There was a problem scheduling your task. Please try again.')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
