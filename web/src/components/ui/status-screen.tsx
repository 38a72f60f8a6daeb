import type { ReactNode } from 'react';
import './status-screen.css';

/** StatusScreen: a centred message (404, Access Denied, errors) with an icon and actions. */
export function StatusScreen({
  icon,
  code,
  title,
  children,
  actions,
  tone = 'neutral',
}: {
  icon: ReactNode;
  code?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'danger' | 'warning';
}) {
  return (
    <div className={`status-screen status-screen--${tone}`}>
      <div className="status-screen__card">
        <div className="status-screen__icon" aria-hidden="true">
          {icon}
        </div>
        {code ? <p className="status-screen__code">{code}</p> : null}
        <h1 className="status-screen__title">{title}</h1>
        {children ? <div className="status-screen__text">{children}</div> : null}
        {actions ? <div className="status-screen__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
