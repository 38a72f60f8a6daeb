import { useController } from 'react-hook-form';
import { translateMessage } from '@/lib/i18n/i18n';

/**
 * A stand-in for the lazy Tiptap editor in unit tests (jsdom has no layout for
 * contenteditable): a textarea bound the same way, so the forms around it can be tested; a
 * schema's message that is a catalogue key shows translated, as the real field shows it.
 */
export function FormRichTextEditor({ name, label }: { name: string; label: string }) {
  const { field, fieldState } = useController({ name });
  return (
    <label>
      {label}
      <textarea aria-label={label} value={(field.value as string) ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} />
      {fieldState.error?.message ? <span role="alert">{translateMessage(fieldState.error.message)}</span> : null}
    </label>
  );
}
