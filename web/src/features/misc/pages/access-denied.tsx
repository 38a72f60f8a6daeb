import { House, ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';
import { roleLabel } from '@/lib/format';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';

const requirement = {
  admin: 'denied.admin',
  superadmin: 'denied.superadmin',
} as const;

/** AccessDeniedPage: the user's role is below the route's (spec 01 §2). */
export function AccessDeniedPage({
  role,
  required,
}: {
  role: string | null | undefined;
  required: 'admin' | 'superadmin';
}) {
  const t = useT();
  useDocumentTitle(t('denied.title'));
  // The role is set as a badge where the language puts it.
  const [before, after] = t('denied.role', { role: '\u0000' }).split('\u0000');
  return (
    <StatusScreen
      tone="danger"
      icon={<ShieldX size={32} />}
      title={t('denied.title')}
      actions={
        <Link to="/" className={buttonClass('primary')}>
          <House size={18} aria-hidden="true" />
          {t('denied.home')}
        </Link>
      }
    >
      <p>{t(requirement[required])}</p>
      <p className="status-screen__meta">
        {before}
        <strong className="role-badge">{roleLabel(role)}</strong>
        {after}
      </p>
    </StatusScreen>
  );
}
