import { Link } from 'react-router';
import { useT } from '@/lib/i18n/provider';

/** The app's name, the same in every language. */
const APP_NAME = 'Garden';

/** The Garden logo and name; links home. */
export function Brand({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <Link to="/" className="brand" aria-label={t('shell.home')}>
      <svg className="brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="currentColor" />
        <path d="M16 25v-8" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <path d="M16 17c0-4.4 3-7.5 8-7.5 0 4.6-3.2 7.5-8 7.5Z" fill="#c8ecc9" />
        <path d="M16 19.5c0-3.6-2.5-6-6.5-6 0 3.7 2.6 6 6.5 6Z" fill="#fff" />
      </svg>
      {compact ? null : <span className="brand__name">{APP_NAME}</span>}
    </Link>
  );
}
