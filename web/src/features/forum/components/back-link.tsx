import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** BackLink: the "← Back to …" link at the top of the forum pages. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="forum-back">
      <ArrowLeft size={16} aria-hidden="true" />
      {label}
    </Link>
  );
}
