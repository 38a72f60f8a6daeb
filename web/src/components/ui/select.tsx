import { ChevronDown } from 'lucide-react';
import { type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';
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
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <Select {...control} invalid={Boolean(error)} {...select} />}
    </FieldFrame>
  );
}
