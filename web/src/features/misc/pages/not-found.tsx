import { House, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';
import { useDocumentTitle } from '@/lib/use-document-title';

/** NotFoundPage is shown for every path the router does not know (spec 01 §2). */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <StatusScreen
      icon={<SearchX size={32} />}
      title="404 Page Not Found"
      actions={
        <Link to="/" className={buttonClass('primary')}>
          <House size={18} aria-hidden="true" />
          Back to home
        </Link>
      }
    >
      <p>Did you forget to add the page to the router?</p>
    </StatusScreen>
  );
}
