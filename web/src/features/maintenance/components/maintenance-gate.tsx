import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { useMaintenanceStatus } from '../api/get-maintenance-status';
import { useMaintenanceBypass } from './bypass';
import { withAreaTexts } from '@/lib/i18n/area-texts';
import { preloadable, usePreloaded } from '@/lib/preload';
import { maintenanceNoticeFor } from './notice-rules';

// The notice screen loads only while a notice is due: on a normal day nobody fetches it. Its
// texts (the admin area's, beside the maintenance console's) come with it.
const noticeScreen = preloadable(() => withAreaTexts('admin', import('./maintenance-notice')).then((m) => m.MaintenanceNoticeScreen));

/**
 * MaintenanceGate wraps the pages of the app shell: it polls the maintenance status and
 * shows the maintenance notice instead of the page when the rules of spec 01 §5 say so.
 * The navigation stays, so the user can still sign out.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const status = useMaintenanceStatus();
  const [bypassed, bypass] = useMaintenanceBypass(user);
  const notice = maintenanceNoticeFor({ status: status.data, user, pathname, bypassed });
  const MaintenanceNoticeScreen = usePreloaded(noticeScreen, notice !== null);
  if (!notice) return <>{children}</>;
  // The page never shows while its notice is due, even for the moment the screen's code loads.
  if (!MaintenanceNoticeScreen) return null;
  return <MaintenanceNoticeScreen notice={notice} superadmin={user?.role === 'superadmin'} onContinue={bypass} />;
}
