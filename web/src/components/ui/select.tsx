import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import './input.css';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  invalid?: boolean;
}

/** Select is a native select (the phone's own picker) with the app's look. */
export function Select({ className, invalid, ref, children, ...rest }: SelectProps) {
  return (
    <span className={['select', className].filter(Boolean).join(' ')}>
      <select
        ref={ref}
        className={['input', 'select__control', invalid ? 'input--invalid' : ''].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        {...rest}
      >
        {children}
      </select>
      <ChevronDown className="select__chevron" size={18} aria-hidden="true" />
    </span>
  );
}

export interface SelectFieldProps extends Omit<SelectProps, 'id'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** SelectField is a labelled select with its hint and validation message. */
export function SelectField({ label, error, hint, ...select }: SelectFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <Select id={id} invalid={Boolean(error)} aria-describedby={describedBy} {...select} />
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
