import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/api/client';
import {
  Form,
  FormCheckbox,
  FormDate,
  FormInput,
  FormNumber,
  FormSelect,
  FormSwitch,
  FormTextarea,
  numberFromInput,
  useZodForm,
} from './form';

const schema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters'),
  about: z.string().max(5, 'About is too long'),
  days: z
    .number({ error: 'Days must be at least 1' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .optional(),
  count: z.number().default(0),
  kind: z.enum(['a', 'b'], { error: 'Please pick a kind' }),
  agree: z.boolean().refine((v) => v, 'Please agree'),
  notify: z.boolean(),
  day: z.string(),
});

type Values = z.output<typeof schema>;

function TestForm({ onSubmit, onSubmitError }: { onSubmit: (v: Values) => unknown; onSubmitError?: (e: unknown) => void }) {
  const form = useZodForm(schema, {
    defaultValues: { name: '', about: '', days: 7, count: undefined, kind: 'a', agree: false, notify: false, day: '' },
  });
  return (
    <Form form={form} onSubmit={onSubmit} onSubmitError={onSubmitError} aria-label="Test form">
      <FormInput name="name" label="Name" description="Two letters or more" />
      <FormTextarea name="about" label="About" />
      <FormNumber name="days" label="Days" />
      <FormNumber name="count" label="Count" />
      <FormSelect name="kind" label="Kind">
        <option value="a">A</option>
        <option value="b">B</option>
        <option value="">None</option>
      </FormSelect>
      <FormCheckbox name="agree" label="I agree" />
      <FormSwitch name="notify" label="Notify me" />
      <FormDate name="day" label="Day" />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('Form and bound inputs', () => {
  it('shows the schema messages on submit, wired to the controls, and focuses the first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAccessibleDescription('Two letters or more');
    await user.selectOptions(screen.getByLabelText('Kind'), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(name).toHaveFocus();
    expect(screen.queryByText('Two letters or more')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Kind')).toHaveAccessibleDescription('Please pick a kind');
    expect(screen.getByLabelText('I agree')).toHaveAccessibleDescription('Please agree');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('re-validates on change after the first submit', async () => {
    const user = userEvent.setup();
    render(<TestForm onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Basil');
    await waitFor(() => expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('reads numbers: blank is undefined (or the default), text is checked by the schema', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'Basil');
    await user.click(screen.getByLabelText('I agree'));
    await user.clear(screen.getByLabelText('Days'));
    await user.type(screen.getByLabelText('Days'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Days must be a whole number')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Days'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Basil',
      about: '',
      days: undefined,
      count: 0,
      kind: 'a',
      agree: true,
      notify: false,
      day: '',
    });
  });

  it('binds the switch, the textarea and the date picker', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'Basil');
    await user.type(screen.getByLabelText('About'), 'short');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('switch', { name: 'Notify me' }));
    await user.click(screen.getByRole('button', { name: 'Day' }));
    const days = await screen.findAllByRole('button', { name: /, \d{4}$/ });
    await user.click(days[10]!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = onSubmit.mock.calls[0]![0] as Values;
    expect(values.notify).toBe(true);
    expect(values.about).toBe('short');
    expect(values.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('puts the field messages of a 400 answer on the fields', async () => {
    const user = userEvent.setup();
    const onSubmitError = vi.fn();
    const onSubmit = vi.fn(() => {
      throw new ApiError(400, 'Bad Request', JSON.stringify({ message: 'Invalid', errors: { name: 'Name already exists' } }));
    });
    render(<TestForm onSubmit={onSubmit} onSubmitError={onSubmitError} />);
    await user.type(screen.getByLabelText('Name'), 'Basil');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmitError).toHaveBeenCalledTimes(1);
  });
});

describe('numberFromInput', () => {
  it('answers undefined for blank, a number otherwise', () => {
    expect(numberFromInput('')).toBeUndefined();
    expect(numberFromInput('  ')).toBeUndefined();
    expect(numberFromInput('12')).toBe(12);
    expect(numberFromInput(3)).toBe(3);
    expect(numberFromInput('x')).toBeNaN();
  });
});
