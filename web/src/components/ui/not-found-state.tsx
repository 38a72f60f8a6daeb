import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/provider';
import { buttonClass } from './button';
import { EmptyState } from './empty-state';

/** NotFoundState: a record page's "{thing} not found", with the way back to its list. */
export function NotFoundState({ icon, title, backTo, backLabel }: { icon: ReactNode; title: string; backTo: string; backLabel: string }) {
  const t = useT();
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
      {t('shared.notFound.text')}
    </EmptyState>
  );
}
