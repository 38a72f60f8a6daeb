import { House, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';

/** NotFoundPage is shown for every path the router does not know (spec 01 §2). */
export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('notFound.docTitle'));
  return (
    <StatusScreen
      icon={<SearchX size={32} />}
      title={t('notFound.title')}
      actions={
        <Link to="/" className={buttonClass('primary')}>
          <House size={18} aria-hidden="true" />
          {t('notFound.home')}
        </Link>
      }
    >
      <p>{t('notFound.text')}</p>
    </StatusScreen>
  );
}
