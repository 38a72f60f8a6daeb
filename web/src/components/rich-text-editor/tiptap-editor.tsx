import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Eye, Italic, Link2, List, ListOrdered, Pencil, Quote, Redo2, Undo2, Unlink } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '@/lib/i18n/provider';
import type { RichTextEditorProps } from './rich-text-editor';

/** The link field's hint: a web address starts so in every language. */
const URL_START = 'https://';

/** normalizeLink accepts a web or mail address as typed ("example.org" → "https://example.org"); null if unusable. */
export function normalizeLink(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(text)) return text;
  if (/^[^\s@/:]+@[^\s@]+\.[^\s@]+$/.test(text)) return `mailto:${text}`;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={active ? 'rte__tool rte__tool--active' : 'rte__tool'}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keep the selection in the editor while the toolbar is clicked.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [value, setValue] = useState(current);
  const [error, setError] = useState('');
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const href = normalizeLink(value);
    if (!href) {
      setError(t('shared.editor.linkError'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: value.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onDone();
  };
  return (
    // A div, not a form: the editor usually sits inside the page's own form.
    <div className="rte__link" role="group" aria-label={t('shared.editor.link')}>
      <input
        ref={inputRef}
        className="input rte__link-input"
        type="url"
        inputMode="url"
        placeholder={URL_START}
        aria-label={t('shared.editor.linkAddress')}
        aria-invalid={error ? true : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit(event);
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
            editor.commands.focus();
          }
        }}
      />
      <button type="button" className="rte__link-apply" onClick={submit}>
        {t('shared.editor.apply')}
      </button>
      <button type="button" className="rte__link-cancel" onClick={onDone}>
        {t('shared.editor.cancel')}
      </button>
      {error ? <p className="rte__link-error">{error}</p> : null}
    </div>
  );
}

/** TiptapEditor is RichTextEditor's body, loaded on demand (see rich-text-editor.tsx). */
export default function TiptapEditor({
  value,
  onChange,
  onBlur,
  label,
  placeholder,
  invalid,
  disabled,
  minHeight = 160,
  id,
  ...aria
}: RichTextEditorProps) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [linking, setLinking] = useState(false);
  const t = useT();
  const lastEmitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'rte__prose rich-text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(id ? { id } : {}),
        ...(invalid || aria['aria-invalid'] ? { 'aria-invalid': 'true' } : {}),
        ...(aria['aria-describedby'] ? { 'aria-describedby': aria['aria-describedby'] } : {}),
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      lastEmitted.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  // The form may replace the value (reset after posting, an edit loaded): follow it.
  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            empty: e.isEmpty,
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });

  if (!editor || !state) return null;
  const off = disabled || mode === 'preview';
  const html = state.empty ? '' : editor.getHTML();
  return (
    <div className={['rte', invalid || aria['aria-invalid'] ? 'rte--invalid' : '', disabled ? 'rte--disabled' : ''].filter(Boolean).join(' ')}>
      <div className="rte__toolbar" role="toolbar" aria-label={t('shared.editor.formatting', { label })}>
        <div className="rte__tools">
          <ToolButton label={t('shared.editor.bold')} active={state.bold} disabled={off} onClick={() => editor.chain().focus().toggleBold().run()}>
            <Bold size={16} aria-hidden="true" />
          </ToolButton>
          <ToolButton label={t('shared.editor.italic')} active={state.italic} disabled={off} onClick={() => editor.chain().focus().toggleItalic().run()}>
            <Italic size={16} aria-hidden="true" />
          </ToolButton>
          <span className="rte__sep" aria-hidden="true" />
          <ToolButton label={t('shared.editor.bulletList')} active={state.bullet} disabled={off} onClick={() => editor.chain().focus().toggleBulletList().run()}>
            <List size={16} aria-hidden="true" />
          </ToolButton>
          <ToolButton label={t('shared.editor.numberedList')} active={state.ordered} disabled={off} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
            <ListOrdered size={16} aria-hidden="true" />
          </ToolButton>
          <ToolButton label={t('shared.editor.quote')} active={state.quote} disabled={off} onClick={() => editor.chain().focus().toggleBlockquote().run()}>
            <Quote size={16} aria-hidden="true" />
          </ToolButton>
          <span className="rte__sep" aria-hidden="true" />
          <ToolButton label={state.link ? t('shared.editor.editLink') : t('shared.editor.addLink')} active={state.link} disabled={off} onClick={() => setLinking(true)}>
            <Link2 size={16} aria-hidden="true" />
          </ToolButton>
          {state.link ? (
            <ToolButton label={t('shared.editor.removeLink')} disabled={off} onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}>
              <Unlink size={16} aria-hidden="true" />
            </ToolButton>
          ) : null}
          <span className="rte__sep rte__sep--history" aria-hidden="true" />
          <ToolButton label={t('shared.editor.undo')} disabled={off || !state.canUndo} onClick={() => editor.chain().focus().undo().run()}>
            <Undo2 size={16} aria-hidden="true" />
          </ToolButton>
          <ToolButton label={t('shared.editor.redo')} disabled={off || !state.canRedo} onClick={() => editor.chain().focus().redo().run()}>
            <Redo2 size={16} aria-hidden="true" />
          </ToolButton>
        </div>
        <div className="rte__modes" role="group" aria-label={t('shared.editor.mode')}>
          <button
            type="button"
            className={mode === 'write' ? 'rte__mode rte__mode--on' : 'rte__mode'}
            aria-pressed={mode === 'write'}
            onClick={() => setMode('write')}
          >
            <Pencil size={14} aria-hidden="true" /> {t('shared.editor.write')}
          </button>
          <button
            type="button"
            className={mode === 'preview' ? 'rte__mode rte__mode--on' : 'rte__mode'}
            aria-pressed={mode === 'preview'}
            onClick={() => {
              setLinking(false);
              setMode('preview');
            }}
          >
            <Eye size={14} aria-hidden="true" /> {t('shared.editor.preview')}
          </button>
        </div>
      </div>
      {linking && mode === 'write' ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
      <div hidden={mode !== 'write'} className="rte__content">
        <EditorContent editor={editor} />
      </div>
      {mode === 'preview' ? (
        <div className="rte__preview" style={{ minHeight }} aria-label={t('shared.editor.previewLabel', { label })} role="region">
          {html ? (
            // The editor's own HTML: ProseMirror serialises only its schema (paragraphs, marks,
            // lists, quotes, checked links). The server sanitizes it again before storing.
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <p className="rte__empty">{t('shared.editor.nothingToPreview')}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
