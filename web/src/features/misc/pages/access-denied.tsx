import { House, ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';
import { roleLabel } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';

const requirement = {
  admin: 'You need admin privileges to access this page.',
  superadmin: 'You need superadmin privileges to access this page.',
} as const;

/** AccessDeniedPage: the user's role is below the route's (spec 01 §2). */
export function AccessDeniedPage({
  role,
  required,
}: {
  role: string | null | undefined;
  required: 'admin' | 'superadmin';
}) {
  useDocumentTitle('Access Denied');
  return (
    <StatusScreen
      tone="danger"
      icon={<ShieldX size={32} />}
      title="Access Denied"
      actions={
        <Link to="/" className={buttonClass('primary')}>
          <House size={18} aria-hidden="true" />
          Go Home
        </Link>
      }
    >
      <p>{requirement[required]}</p>
      <p className="status-screen__meta">
        Your current role: <strong className="role-badge">{roleLabel(role)}</strong>
      </p>
    </StatusScreen>
  );
}
