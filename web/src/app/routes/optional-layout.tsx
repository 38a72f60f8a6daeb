import { Outlet } from 'react-router';
import { MaintenanceGate } from '@/features/maintenance/components/maintenance-gate';
import { useSession } from '@/lib/session';
import { AppLayout } from '../layout/app-layout';
import { PublicLayout } from '../layout/public-layout';

/**
 * Pages open to everyone (the forum, 404, debug) keep the app's navigation when a user is
 * signed in; visitors get the public frame, with the maintenance notice of the page's area.
 */
export function OptionalAppLayout() {
  const { status, user } = useSession();
  if (status === 'signed-in' && user) return <AppLayout />;
  return (
    <PublicLayout>
      <MaintenanceGate>
        <Outlet />
      </MaintenanceGate>
    </PublicLayout>
  );
}
