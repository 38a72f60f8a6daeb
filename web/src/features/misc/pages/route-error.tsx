import { RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { StatusScreen } from '@/components/ui/status-screen';
import { dropBootShell } from '@/lib/boot-shell';
import { pageNavigation } from '@/lib/navigation';
import { NotFoundPage } from './not-found';

/**
 * RouteErrorPage catches what a page throws while rendering or loading its code (for
 * example a stale chunk after a deploy); a reload fixes most of these.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  // index.html's frame (lib/boot-shell) must not hide the error.
  useLayoutEffect(dropBootShell, []);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <StatusScreen
      tone="warning"
      icon={<TriangleExclamationPoint size={32} />}
      title="Something went wrong"
      actions={
        <Button icon={<RefreshCw size={18} aria-hidden="true" />} onClick={() => pageNavigation.reload()}>
          Reload page
        </Button>
      }
    >
      <p>This page could not be shown. Reloading usually helps.</p>
      {detail ? <p className="status-screen__detail">{detail}</p> : null}
    </StatusScreen>
  );
}
