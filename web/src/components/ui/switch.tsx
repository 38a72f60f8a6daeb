import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './switch.css';

export interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'id'> {
  label: ReactNode;
  /** A line under the label. */
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Hides the label visually (it still names the switch). */
  hideLabel?: boolean;
}

/**
 * Switch: an on/off toggle (a native checkbox with role="switch"), its label on the left
 * and the track on the right; the whole row is clickable.
 */
export function Switch({
  label,
  description,
  checked,
  onCheckedChange,
  hideLabel = false,
  className,
  disabled,
  ...rest
}: SwitchProps) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={['switch', disabled ? 'switch--disabled' : '', hideLabel ? 'switch--bare' : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <span className={hideLabel ? 'visually-hidden' : 'switch__text'}>
        <span className="switch__label">{label}</span>
        {description ? <span className="switch__description">{description}</span> : null}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch__input"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
        {...rest}
      />
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
    </label>
  );
}

/** CheckboxField: a labelled checkbox with an optional hint or error under it. */
export function CheckboxField({
  label,
  hint,
  error,
  checked,
  onCheckedChange,
  disabled,
  name,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', 'checkbox-field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className={disabled ? 'checkbox checkbox--disabled' : 'checkbox'} htmlFor={id}>
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
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
