import { ArrowLeft, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/provider';
import { useSignInLink } from '@/lib/use-sign-in-link';
import { Alert } from './alert';
import { buttonClass } from './button';
import { PageHeader } from './page-header';

/** BackLink: the "← Back to …" link above a page's header. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="back-link">
      <ArrowLeft size={16} aria-hidden="true" />
      {children}
    </Link>
  );
}

/**
 * SignInRequired: what a visitor sees on a page that writes (a new listing, a question):
 * the page's title, why they cannot go on, and Sign in coming back here.
 */
export function SignInRequired({ title, message }: { title: string; message: string }) {
  const t = useT();
  const signIn = useSignInLink();
  return (
    <>
      <PageHeader title={title} />
      <Alert variant="info" title={message} />
      <Link to={signIn} className={buttonClass('primary')}>
        <LogIn size={18} aria-hidden="true" />
        {t('auth.signIn')}
      </Link>
    </>
  );
}
