import { RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';
import { dropBootShell } from '@/lib/boot-shell';
import { useT } from '@/lib/i18n/provider';
import { pageNavigation } from '@/lib/navigation';
import { NotFoundPage } from './not-found';

/**
 * RouteErrorPage catches what a page throws while rendering or loading its code (for
 * example a stale chunk after a deploy); a reload fixes most of these.
 */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  // index.html's frame (lib/boot-shell) must not hide the error.
  useLayoutEffect(dropBootShell, []);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <StatusScreen
      tone="warning"
      icon={<TriangleExclamationPoint size={32} />}
      title={t('routeError.title')}
      actions={
        <Button icon={<RefreshCw size={18} aria-hidden="true" />} onClick={() => pageNavigation.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    >
      <p>{t('routeError.text')}</p>
      {detail ? <p className="status-screen__detail">{detail}</p> : null}
    </StatusScreen>
  );
}
