import type { ReactNode } from 'react';
import './empty-state.css';

/** EmptyState: an icon, a heading, a sentence and an action where a list has nothing to show. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  compact = false,
  titleAs: Title = 'h2',
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
  titleAs?: 'h1' | 'h2' | 'h3';
}) {
  return (
    <div className={compact ? 'empty-state empty-state--compact' : 'empty-state'}>
      {icon ? (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Title className="empty-state__title">{title}</Title>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
