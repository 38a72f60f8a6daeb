import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';
import './input.css';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
  invalid?: boolean;
}

/** Textarea is a multi-line input with the app's look. */
export function Textarea({ className, invalid, ref, ...rest }: TextareaProps) {
  return (
    <textarea
      ref={ref}
      className={['input', 'textarea', invalid ? 'input--invalid' : '', className].filter(Boolean).join(' ')}
      aria-invalid={invalid || undefined}
      {...rest}
    />
  );
}

export interface TextareaFieldProps extends Omit<TextareaProps, 'id' | 'invalid'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** TextareaField is a labelled multi-line input with its hint and validation message. */
export function TextareaField({ label, error, hint, ...rest }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => <Textarea {...control} invalid={Boolean(error)} {...rest} />}
    </FieldFrame>
  );
}
