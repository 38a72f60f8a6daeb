import { useController } from 'react-hook-form';

/**
 * A stand-in for the lazy Tiptap editor in unit tests (jsdom has no layout for
 * contenteditable): a textarea bound the same way, so the forms around it can be tested.
 */
export function FormRichTextEditor({ name, label }: { name: string; label: string }) {
  const { field, fieldState } = useController({ name });
  return (
    <label>
      {label}
      <textarea aria-label={label} value={(field.value as string) ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />
      {fieldState.error?.message ? <span role="alert">{fieldState.error.message}</span> : null}
    </label>
  );
}
