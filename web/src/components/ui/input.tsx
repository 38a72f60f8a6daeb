import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
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
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={icon ? 'field__control field__control--icon' : 'field__control'}>
        {icon ? <span className="field__icon" aria-hidden="true">{icon}</span> : null}
        <Input id={id} invalid={Boolean(error)} aria-describedby={describedBy} {...input} />
      </div>
      {hint && !error ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
