import { looksLikeHtml } from '@/lib/text';
import './rich-text.css';

/**
 * RichText shows a plant database text that the server sanitized before storing it
 * (description, care instructions; docs/api.md "Plant database"). Text with markup is
 * rendered as HTML; plain text keeps its line breaks. Never pass it anything else:
 * only these server-sanitized fields may go through dangerouslySetInnerHTML.
 */
export function RichText({ content, className }: { content: string; className?: string }) {
  const classes = ['rich-text', className].filter(Boolean).join(' ');
  if (!looksLikeHtml(content)) {
    return <div className={`${classes} rich-text--plain`}>{content}</div>;
  }
  return <div className={classes} dangerouslySetInnerHTML={{ __html: content }} />;
}
