import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { useMaintenanceStatus } from '../api/get-maintenance-status';
import { useMaintenanceBypass } from './bypass';
import { MaintenanceNoticeScreen } from './maintenance-notice';
import { maintenanceNoticeFor } from './notice-rules';

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
  if (!notice) return <>{children}</>;
  return <MaintenanceNoticeScreen notice={notice} superadmin={user?.role === 'superadmin'} onContinue={bypass} />;
}
