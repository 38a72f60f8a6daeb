import { Navigate, Outlet, useLocation } from 'react-router';
import { AccessDeniedPage } from '@/features/misc/pages/access-denied';
import { hasRole, useSession, type RequiredRole } from '@/lib/session';

/** authRedirect builds /auth?redirect=<wanted path> (spec 01 §2). */
export function authRedirect(pathname: string, search = ''): string {
  return `/auth?redirect=${encodeURIComponent(pathname + search)}`;
}

/** RequireAuth sends signed-out visitors to /auth with the wanted page in ?redirect=. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status !== 'signed-in' || !session.user) {
    // Right after an explicit logout the app goes to plain /auth.
    const to = session.signedOutBy === 'logout' ? '/auth' : authRedirect(location.pathname, location.search);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}

/** GuestOnly keeps signed-in users away from /auth (they go to /). */
export function GuestOnly() {
  const session = useSession();
  if (session.status === 'signed-in' && !session.loggingOut) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** RequireRole shows Access Denied with the current role when the user's role is too low. */
export function RequireRole({ role }: { role: RequiredRole }) {
  const { user } = useSession();
  if (!hasRole(user, role)) return <AccessDeniedPage role={user?.role} required={role} />;
  return <Outlet />;
}

/**
 * RequireSiteManager admits admins, superadmins and site admins (any role with the site
 * admin flag): the site users pages are admin routes (spec 02 §2), and site admins manage
 * the users of their own site (spec 02 §6), which the server allows them too.
 */
export function RequireSiteManager() {
  const { user } = useSession();
  if (!hasRole(user, 'admin') && !user?.isSiteAdmin) return <AccessDeniedPage role={user?.role} required="admin" />;
  return <Outlet />;
}
