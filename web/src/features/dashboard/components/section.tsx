import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingRegion } from '@/components/ui/skeleton';

/** DashboardSection: a titled card of the dashboard with an optional link ("View All →") in its header. */
export function DashboardSection({
  id,
  title,
  icon,
  link,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  /** The page this section summarises, shown as a link with an arrow in the header. */
  link?: { to: string; label: string };
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
        {link ? (
          <div className="dash-section__action">
            <Link to={link.to} className="dash-link">
              {link.label} <ArrowRight size={16} aria-hidden="true" />
            </Link>
          </div>
        ) : null}
      </header>
      {children}
    </section>
  );
}

/**
 * SectionStates: what a dashboard section shows for its query: the skeleton while loading, a
 * one-line error, the empty state when there is nothing, else its children.
 */
export function SectionStates({
  query,
  loading,
  error,
  isEmpty,
  empty,
  children,
}: {
  query: { isLoading: boolean; error?: unknown };
  /** The screen reader's label, the class laying the skeleton out, and the skeleton. */
  loading: { label: string; className: string; skeleton: ReactNode };
  error: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isLoading) {
    return (
      <LoadingRegion label={loading.label} className={loading.className}>
        {loading.skeleton}
      </LoadingRegion>
    );
  }
  if (query.error) return <p className="dash-error">{error}</p>;
  return isEmpty ? empty : children;
}
