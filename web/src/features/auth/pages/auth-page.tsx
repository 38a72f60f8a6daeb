import { ExternalLink } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { LICENSE_URL } from '@/lib/config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoginForm } from '../components/login-form';
import { MarketingPanel } from '../components/marketing-panel';
import '@/components/ui/page-header.css';
import './auth-page.css';

/**
 * AuthPage (/auth): the sign-in form, the Buy a License link and the welcome panel.
 * The ?redirect= parameter is read but, as spec 01 §2 says, a successful sign-in
 * always loads / .
 */
export function AuthPage() {
  useDocumentTitle('Sign in');
  const [params] = useSearchParams();
  const wanted = params.get('redirect');
  return (
    <main id="main" className="auth-page">
      <div className="auth-page__form-side">
        <div className="auth-card">
          <Link to="/auth" className="auth-card__brand" aria-label="Garden">
            <svg viewBox="0 0 32 32" width="40" height="40" aria-hidden="true">
              <rect width="32" height="32" rx="9" fill="currentColor" />
              <path d="M16 25v-8" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
              <path d="M16 17c0-4.4 3-7.5 8-7.5 0 4.6-3.2 7.5-8 7.5Z" fill="#c8ecc9" />
              <path d="M16 19.5c0-3.6-2.5-6-6.5-6 0 3.7 2.6 6 6.5 6Z" fill="#fff" />
            </svg>
            <span>Garden</span>
          </Link>
          <h1 className="page-header__title">Sign in to your garden</h1>
          <p className="page-header__description auth-card__lead">
            {wanted && wanted !== '/'
              ? 'Please sign in to continue.'
              : 'Welcome back! Enter your username and password.'}
          </p>
          <LoginForm />
          <div className="auth-card__license">
            <p>New to Garden? Access needs a license.</p>
            <a href={LICENSE_URL} target="_blank" rel="noopener noreferrer" className="auth-card__license-link">
              Buy a License
              <ExternalLink size={16} aria-hidden="true" />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
        </div>
      </div>
      <div className="auth-page__marketing-side">
        <MarketingPanel />
      </div>
    </main>
  );
}
