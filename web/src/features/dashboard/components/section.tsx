import type { ReactNode } from 'react';

/** DashboardSection: a titled card of the dashboard with an optional link or control. */
export function DashboardSection({
  id,
  title,
  icon,
  action,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={['dash-section', className].filter(Boolean).join(' ')} aria-labelledby={`${id}-title`}>
      <header className="dash-section__header">
        <span className="icon-tile dash-section__icon" aria-hidden="true">
          {icon}
        </span>
        <h2 className="dash-section__title" id={`${id}-title`}>
          {title}
        </h2>
        {action ? <div className="dash-section__action">{action}</div> : null}
      </header>
      {children}
    </section>
  );
}
