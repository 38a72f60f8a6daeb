import { ExternalLink } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { LanguagePicker } from '@/components/language-picker/language-picker';
import { LICENSE_URL } from '@/lib/config';
import { useAreaTexts } from '@/lib/i18n/use-area-texts';
import { useT } from '@/lib/i18n/provider';
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
/** The app's name, the same in every language. */
const APP_NAME = 'Garden';

export function AuthPage() {
  // The sign-in pages' texts are the auth area's (locales/auth), off the dashboard's first load.
  return useAreaTexts('auth') ? <SignIn /> : null;
}

function SignIn() {
  const t = useT();
  useDocumentTitle(t('auth.signIn'));
  const [params] = useSearchParams();
  const wanted = params.get('redirect');
  return (
    <main id="main" className="auth-page">
      <div className="auth-page__form-side">
        <div className="auth-card">
          <div className="auth-card__language">
            <LanguagePicker />
          </div>
          <Link to="/auth" className="auth-card__brand" aria-label={APP_NAME}>
            <svg viewBox="0 0 32 32" width="40" height="40" aria-hidden="true">
              <rect width="32" height="32" rx="9" fill="currentColor" />
              <path d="M16 25v-8" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
              <path d="M16 17c0-4.4 3-7.5 8-7.5 0 4.6-3.2 7.5-8 7.5Z" fill="#c8ecc9" />
              <path d="M16 19.5c0-3.6-2.5-6-6.5-6 0 3.7 2.6 6 6.5 6Z" fill="#fff" />
            </svg>
            <span>{APP_NAME}</span>
          </Link>
          <h1 className="page-header__title">{t('auth.title')}</h1>
          <p className="page-header__description auth-card__lead">
            {wanted && wanted !== '/' ? t('auth.leadRedirect') : t('auth.lead')}
          </p>
          <LoginForm />
          <div className="auth-card__license">
            <p>{t('auth.licenseNeeded')}</p>
            <a href={LICENSE_URL} target="_blank" rel="noopener noreferrer" className="auth-card__license-link">
              {t('auth.buyLicense')}
              <ExternalLink size={16} aria-hidden="true" />
              <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
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
