import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { useT } from '@/lib/i18n/provider';
import { Brand } from './brand';
import './layout.css';

/** PublicLayout frames pages seen while signed out (the forum, 404, debug), with a way to sign in. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const location = useLocation();
  const t = useT();
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <div className="public-shell">
      <header className="public-header">
        <Brand />
        <Link to={`/auth?redirect=${back}`} className={`${buttonClass('outline', 'sm')} public-header__signin`}>
          {t('auth.signIn')}
        </Link>
      </header>
      <main id="main" className="public-content">
        {children}
      </main>
    </div>
  );
}
