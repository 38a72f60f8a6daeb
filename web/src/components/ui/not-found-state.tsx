import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';
import { EmptyState } from './empty-state';

/** NotFoundState: a record page's "{thing} not found", with the way back to its list. */
export function NotFoundState({ icon, title, backTo, backLabel }: { icon: ReactNode; title: string; backTo: string; backLabel: string }) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      action={
        <Link className={buttonClass('outline')} to={backTo}>
          {backLabel}
        </Link>
      }
    >
      It may have been deleted, or it belongs to someone else.
    </EmptyState>
  );
}
