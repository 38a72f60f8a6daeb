import { LogOut, RefreshCw, CloudOff } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Button } from '@/components/ui/button';
import { dropBootShell } from '@/lib/boot-shell';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { StatusScreen } from '@/components/ui/status-screen';
import { SessionProvider, clearSession, useSession } from '@/lib/session';
import { useT } from '@/lib/i18n/provider';
import { pageNavigation } from '@/lib/navigation';
import { preloadable, usePreloaded } from '@/lib/preload';

/** SessionGate shows a spinner while a stored session is verified, and its failure. */
function SessionGate() {
  const session = useSession();
  const t = useT();
  const restoring = session.status === 'restoring';
  // index.html's frame stays over the page until the first real screen is here (lib/boot-shell).
  useLayoutEffect(() => {
    if (!restoring) dropBootShell();
  }, [restoring]);
  if (restoring) return <FullScreenSpinner label={t('session.restoring')} />;
  if (session.status === 'error') {
    return (
      <StatusScreen
        tone="warning"
        icon={<CloudOff size={32} />}
        title={t('session.unreachable')}
        actions={
          <>
            <Button icon={<RefreshCw size={18} aria-hidden="true" />} onClick={session.retryRestore}>
              {t('common.tryAgain')}
            </Button>
            <Button
              variant="outline"
              icon={<LogOut size={18} aria-hidden="true" />}
              onClick={() => {
                clearSession();
                pageNavigation.assign('/auth');
              }}
            >
              {t('session.signInAgain')}
            </Button>
          </>
        }
      >
        <p>{t('session.notChecked')}</p>
        {session.restoreError ? <p className="status-screen__detail">{session.restoreError}</p> : null}
      </StatusScreen>
    );
  }
  return (
    <>
      <ImpersonationBanner />
      <Outlet />
    </>
  );
}

// The impersonation bar loads only when a superadmin impersonates: nobody else fetches it.
const impersonationBanner = preloadable(() => import('../layout/impersonation-banner').then((m) => m.ImpersonationBanner));

function ImpersonationBanner() {
  const { impersonation, user } = useSession();
  const active = Boolean(impersonation?.isImpersonating && user);
  const Banner = usePreloaded(impersonationBanner, active);
  return active && Banner ? <Banner /> : null;
}

/** RootRoute: the session lives inside the router so that its actions can navigate. */
export function RootRoute() {
  return (
    <SessionProvider>
      <ScrollRestoration />
      <SessionGate />
    </SessionProvider>
  );
}
