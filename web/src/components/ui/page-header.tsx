import { useEffect, type ReactNode } from 'react';
import { rememberPageHeader } from '@/lib/boot-shell';
import './page-header.css';

/**
 * PageHeader: the page's main heading, with an optional eyebrow, lead text and actions. Its
 * texts are kept for index.html's boot shell, which paints them on the page's next load before
 * the app's code has arrived (lib/boot-shell.ts); a lead made of more than text is left out.
 */
export function PageHeader({
  title,
  eyebrow,
  description,
  actions,
}: {
  title: string;
  eyebrow?: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const lead = typeof description === 'string' ? description : undefined;
  useEffect(() => {
    rememberPageHeader(window.location.pathname, { title, eyebrow, description: lead });
  }, [title, eyebrow, lead]);
  return (
    <header className="page-header">
      <div className="page-header__text">
        {eyebrow ? <p className="page-header__eyebrow">{eyebrow}</p> : null}
        <h1 className="page-header__title">{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
