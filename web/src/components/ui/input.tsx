import { type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldFrame } from './field-frame';
import './input.css';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  invalid?: boolean;
}

export function Input({ className, invalid, ref, ...rest }: InputProps) {
  return (
    <input
      ref={ref}
      className={['input', invalid ? 'input--invalid' : '', className].filter(Boolean).join(' ')}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  );
}

export interface FieldProps extends Omit<InputProps, 'id'> {
  label: string;
  /** Validation message shown under the input and linked to it for screen readers. */
  error?: string;
  hint?: ReactNode;
  icon?: ReactNode;
}

/** Field is a labelled input with its hint and validation message. */
export function Field({ label, error, hint, icon, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <div className={icon ? 'field__control field__control--icon' : 'field__control'}>
          {icon ? <span className="field__icon" aria-hidden="true">{icon}</span> : null}
          <Input {...control} invalid={Boolean(error)} {...input} />
        </div>
      )}
    </FieldFrame>
  );
}
