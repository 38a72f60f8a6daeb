import { useId, type ReactNode } from 'react';
import './input.css';

/** The accessibility wiring a control inside a FieldFrame receives. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * FieldFrame is the one place a field's label, hint and validation message are laid out
 * and linked to the control (label for=id, aria-invalid, aria-describedby), so the plain
 * fields (Field, SelectField, TextareaField) and the form-bound ones of form.tsx look and
 * read the same. The hint is hidden while an error is shown, as before.
 */
export function FieldFrame({
  label,
  hint,
  error,
  className,
  labelHidden = false,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** Keeps the label for screen readers only. */
  labelHidden?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showHint = Boolean(hint) && !error;
  const describedBy = [error ? errorId : '', showHint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className={labelHidden ? 'visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {showHint ? (
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
