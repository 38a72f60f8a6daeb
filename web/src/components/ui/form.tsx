import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent, FormHTMLAttributes, ReactNode } from 'react';
import {
  Controller,
  useController,
  FormProvider,
  get,
  useForm,
  useFormContext,
  useFormState,
  type FieldPath,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { getFieldErrors } from '@/api/client';
import { DatePicker } from './date-picker';
import { FieldFrame, type FieldControlProps } from './field-frame';
import { Input, type InputProps } from './input';
import { Select, type SelectProps } from './select';
import { CheckboxField, Switch } from './switch';
import { Textarea, type TextareaProps } from './textarea';
import { translateMessage } from '@/lib/i18n/i18n';

/*
 * The one form layer of the web app: react-hook-form holds the values, a zod schema (kept
 * beside the API call in features/<area>/api/ and carrying the spec's messages) decides
 * what is valid, and the bound inputs below render label, control and message through
 * FieldFrame. A form validates on submit, then again on every change (as the hand-written
 * forms did), and focuses the first invalid field.
 *
 *   const form = useZodForm(plantSchema, { defaultValues });
 *   <Form form={form} onSubmit={(plant) => trigger(plant)}>
 *     <FormInput name="name" label="Plant name" />
 *   </Form>
 */

/** A zod schema whose input is an object of form values. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** The react-hook-form methods of a form built from a zod schema. */
export type ZodForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/** useZodForm creates a react-hook-form instance validated by `schema`. */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
  });
}

/**
 * applyServerErrors copies the per-field messages of a 400 answer onto the form's fields
 * (the server has the last word, e.g. "Username already exists"); it answers whether any
 * field message was found.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
): boolean {
  const fields = getFieldErrors(error);
  const names = Object.keys(fields);
  names.forEach((name, i) => form.setError(name as Path<T>, { type: 'server', message: fields[name] }, { shouldFocus: i === 0 }));
  return names.length > 0;
}

/**
 * Form renders a <form> wired to `form`: its children's bound inputs read the form from
 * context; `onSubmit` receives the schema's output (parsed values). An error thrown by
 * onSubmit that carries field messages is shown on the fields; `onSubmitError` gets every
 * thrown error (without it the error is re-thrown).
 */
export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  onSubmitError,
  children,
  ...rest
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  onSubmitError?: (error: unknown) => void;
  children: ReactNode;
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'>) {
  const submit = form.handleSubmit(async (values, event) => {
    try {
      await onSubmit(values, event);
    } catch (error) {
      applyServerErrors(form, error);
      if (!onSubmitError) throw error;
      onSubmitError(error);
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate {...rest} onSubmit={(event) => void submit(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** useFieldError reads the message of one field of the surrounding Form. */
export function useFieldError(name: string): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = get(errors, name) as { message?: unknown } | undefined;
  // A schema's message may be a catalogue key (docs/i18n.md); the server's come translated.
  return typeof error?.message === 'string' && error.message ? translateMessage(error.message) : undefined;
}

interface BoundProps {
  /** The field's path in the form values. */
  name: string;
  label: string;
  /** A hint under the control (hidden while the field shows an error). */
  description?: ReactNode;
  /** Keeps the label for screen readers only. */
  labelHidden?: boolean;
  className?: string;
}

/**
 * Field lays out one field of the surrounding Form: label, the control returned by
 * `children` (which receives id, aria-invalid and aria-describedby), the description and
 * the field's validation message. The bound inputs below are Fields; use it directly for a
 * control they do not cover.
 */
export function Field({
  name,
  label,
  description,
  labelHidden,
  className,
  children,
}: BoundProps & { children: (control: FieldControlProps & { invalid: boolean }) => ReactNode }) {
  const error = useFieldError(name);
  return (
    <FieldFrame label={label} hint={description} error={error} labelHidden={labelHidden} className={className}>
      {(control) => children({ ...control, invalid: Boolean(error) })}
    </FieldFrame>
  );
}

type NativeProps<P> = Omit<P, 'name' | 'id' | 'invalid' | 'ref' | 'value' | 'defaultValue'>;

/**
 * bind registers `name` and chains the caller's own onChange after the form's (for a field
 * whose change moves others, e.g. the account rules).
 */
function useBind<E extends HTMLElement>(
  name: string,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
  options?: RegisterOptions,
) {
  const { register } = useFormContext();
  const registered = register(name, options);
  if (!onChange) return registered;
  return {
    ...registered,
    onChange: async (event: ChangeEvent<E>) => {
      await registered.onChange(event);
      onChange(event);
    },
  };
}

/**
 * splitField separates a bound input's props: what the Field frame shows (name, label,
 * description, labelHidden, className) and what goes to the control itself.
 */
function splitField<P extends BoundProps>({ name, label, description, labelHidden, className, ...control }: P) {
  return [{ name, label, description, labelHidden, className }, control] as const;
}

/** FormInput is a bound text input (type text, email, password, url, search…). */
export function FormInput({ icon, onChange, ...props }: BoundProps & { icon?: ReactNode } & NativeProps<InputProps>) {
  const [field, input] = splitField(props);
  const bound = useBind(field.name, onChange);
  return (
    <Field {...field}>
      {(control) => (
        <div className={icon ? 'field__control field__control--icon' : 'field__control'}>
          {icon ? (
            <span className="field__icon" aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <Input {...control} {...input} {...bound} />
        </div>
      )}
    </Field>
  );
}

/**
 * numberFromInput is how FormNumber reads its text: blank is undefined (the schema then
 * says whether that is allowed, a default such as 0, or a message); anything else is a
 * number, NaN when unreadable (the schema's type message).
 */
export function numberFromInput(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const text = String(value ?? '').trim();
  return text === '' ? undefined : Number(text);
}

/** FormNumber is a bound number input; its value is a number or undefined when blank. */
export function FormNumber({ onChange, ...props }: BoundProps & NativeProps<Omit<InputProps, 'type'>>) {
  const [field, input] = splitField(props);
  const bound = useBind(field.name, onChange, { setValueAs: numberFromInput });
  return <Field {...field}>{(control) => <Input {...control} type="number" inputMode="numeric" {...input} {...bound} />}</Field>;
}

/** FormTextarea is a bound multi-line input. */
export function FormTextarea({ onChange, ...props }: BoundProps & NativeProps<TextareaProps>) {
  const [field, textarea] = splitField(props);
  const bound = useBind(field.name, onChange);
  return <Field {...field}>{(control) => <Textarea {...control} {...textarea} {...bound} />}</Field>;
}

/** FormSelect is a bound native select (the phone's own picker); pass the options as children. */
export function FormSelect({ children, onChange, ...props }: BoundProps & NativeProps<SelectProps>) {
  const [field, select] = splitField(props);
  const bound = useBind(field.name, onChange);
  return (
    <Field {...field}>
      {(control) => (
        <Select {...control} {...select} {...bound}>
          {children}
        </Select>
      )}
    </Field>
  );
}

/**
 * useBooleanField binds an on/off control (checkbox or switch) to the field `name` of the
 * surrounding Form: a change also marks the field touched, as leaving a text input does.
 */
function useBooleanField(name: string) {
  const { field } = useController({ name: name as FieldPath<FieldValues> });
  return {
    name: field.name,
    checked: Boolean(field.value),
    onCheckedChange: (checked: boolean) => {
      field.onChange(checked);
      field.onBlur();
    },
  };
}

/** FormCheckbox is a bound checkbox with its hint or message under it. */
export function FormCheckbox({
  name,
  label,
  description,
  disabled,
}: {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}) {
  const bound = useBooleanField(name);
  const error = useFieldError(name);
  return <CheckboxField {...bound} label={label} hint={description} error={error} disabled={disabled} />;
}

/** FormSwitch is a bound on/off switch (label left, track right). */
export function FormSwitch({
  name,
  label,
  description,
  disabled,
  className,
}: {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  const bound = useBooleanField(name);
  return <Switch {...bound} label={label} description={description} className={className} disabled={disabled} />;
}

/** FormDate is a bound date picker; its value is "yyyy-MM-dd" or '' when cleared. */
export function FormDate({ placeholder, max, ...props }: BoundProps & { placeholder?: string; max?: string }) {
  const [field] = splitField(props);
  const { name, label } = field;
  const { control } = useFormContext();
  return (
    <Field {...field}>
      {(wiring) => (
        <Controller
          control={control}
          name={name as FieldPath<FieldValues>}
          render={({ field }) => (
            <DatePicker
              max={max}
              id={wiring.id}
              invalid={wiring.invalid}
              aria-describedby={wiring['aria-describedby']}
              label={label}
              placeholder={placeholder}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(date) => {
                field.onChange(date);
                field.onBlur();
              }}
            />
          )}
        />
      )}
    </Field>
  );
}
