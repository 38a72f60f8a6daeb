import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import './input.css';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  ref?: Ref<HTMLTextAreaElement>;
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** TextareaField is a labelled multi-line input with its hint and validation message. */
export function TextareaField({ label, error, hint, className, ref, ...rest }: TextareaFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={['input', 'textarea', error ? 'input--invalid' : '', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
