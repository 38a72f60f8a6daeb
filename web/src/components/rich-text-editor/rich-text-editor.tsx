import { lazy, Suspense } from 'react';
import { useController } from 'react-hook-form';
import { Field } from '@/components/ui/form';
import type { FieldControlProps } from '@/components/ui/field-frame';
import { useT } from '@/lib/i18n/provider';
import '@/components/rich-text/rich-text.css';
import './rich-text-editor.css';

/** What the editor needs: the HTML value, its change handler and the field's accessibility wiring. */
export interface RichTextEditorProps extends Partial<FieldControlProps> {
  /** The HTML so far ('' when empty). */
  value: string;
  /** Called with the editor's HTML after each change ('' when the editor is empty). */
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Names the editing area for screen readers (the visible label is the field's). */
  label: string;
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Minimum height of the writing area in pixels. */
  minHeight?: number;
}

// Tiptap and ProseMirror are about 300 kB: they load with the first form that writes, never
// with the app's first page.
const TiptapEditor = lazy(() => import('./tiptap-editor'));

/**
 * RichTextEditor is the one editor for long text a user writes (forum topics and replies,
 * expert answers): bold, italic, lists, links and quotes, with Write and Preview. It edits
 * HTML; the server sanitizes it before storing, and pages render only the server's copy.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder minHeight={props.minHeight} label={props.label} />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}

function EditorPlaceholder({ minHeight = 160, label }: { minHeight?: number; label: string }) {
  const t = useT();
  return (
    <div className="rte rte--loading" aria-busy="true" aria-label={t('shared.editor.loading', { label })}>
      <div className="rte__toolbar" />
      <div className="rte__content" style={{ minHeight }} />
    </div>
  );
}

/**
 * FormRichTextEditor is the RichTextEditor bound to a field of the surrounding Form
 * (components/ui/form.tsx), with its label, hint and validation message.
 */
export function FormRichTextEditor({
  name,
  label,
  description,
  placeholder,
  minHeight,
  disabled,
}: {
  name: string;
  label: string;
  description?: string;
  placeholder?: string;
  minHeight?: number;
  disabled?: boolean;
}) {
  const { field } = useController({ name });
  return (
    <Field name={name} label={label} description={description}>
      {(control) => (
        <RichTextEditor
          {...control}
          label={label}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={placeholder}
          minHeight={minHeight}
          disabled={disabled}
        />
      )}
    </Field>
  );
}
