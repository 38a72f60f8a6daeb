import type { MaintenanceStatus, User } from '@/api/types';
import { t } from '@/lib/i18n/i18n';
import { featuresForPath, isMaintenancePage } from './feature-gates';

/** Which maintenance screen a page shows (spec 01 §2, §5). */
export type MaintenanceNotice =
  | { kind: 'site'; siteName: string; message: string }
  | { kind: 'function'; feature: string; displayName: string; message: string };

/**
 * maintenanceNoticeFor decides the screen of spec 01 §5:
 * - the site-wide screen when the status has a site in maintenance (the server reports only
 *   the caller's own site, every site to a superadmin) and the user has not bypassed it; the
 *   first site's name and message are used. A superadmin on the maintenance console is not
 *   stopped by it (Manage Maintenance leads there);
 * - otherwise the function screen when a function gating the page is in maintenance, unless
 *   the user bypassed it, is a superadmin, or is on the maintenance console.
 */
export function maintenanceNoticeFor({
  status,
  user,
  pathname,
  bypassed,
}: {
  status: MaintenanceStatus | null | undefined;
  user: Pick<User, 'role'> | null | undefined;
  pathname: string;
  bypassed: boolean;
}): MaintenanceNotice | null {
  if (!status?.hasMaintenance || bypassed) return null;
  const superadmin = user?.role === 'superadmin';
  const onConsole = isMaintenancePage(pathname);

  const site = status.sitesInMaintenance?.[0];
  if (site && !(superadmin && onConsole)) {
    return { kind: 'site', siteName: site.name, message: site.maintenanceMessage ?? '' };
  }
  if (superadmin || onConsole) return null;

  const functions = status.functionsInMaintenance ?? [];
  for (const feature of featuresForPath(pathname)) {
    const fn = functions.find((candidate) => candidate.name === feature);
    if (fn) {
      return { kind: 'function', feature: fn.name, displayName: fn.displayName || fn.name, message: fn.maintenanceMessage ?? '' };
    }
  }
  return null;
}

/** noticeHeading: "Site-wide maintenance" or "Maintenance for: {display name}". */
export function noticeHeading(notice: MaintenanceNotice): string {
  return notice.kind === 'site' ? t('admin.notice.site') : t('admin.notice.function', { name: notice.displayName });
}
