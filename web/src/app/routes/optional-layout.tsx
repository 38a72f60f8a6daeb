import { Outlet } from 'react-router';
import { useSession } from '@/lib/session';
import { AppLayout } from '../layout/app-layout';
import { PublicLayout } from '../layout/public-layout';

/** Pages open to everyone (404, debug) keep the app's navigation when a user is signed in. */
export function OptionalAppLayout() {
  const { status, user } = useSession();
  if (status === 'signed-in' && user) return <AppLayout />;
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
