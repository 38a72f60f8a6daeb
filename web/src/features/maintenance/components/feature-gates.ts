/**
 * Which application functions gate which pages. Spec 02 §2 gives / → site_wide and the
 * community and planning areas; the core areas use the functions the server gates their
 * writes with (docs/decisions.md "Maintenance"). site_wide stops every write, so it gates
 * every page of the app; /admin/maintenance is never blocked by a function.
 */
export const SITE_WIDE = 'site_wide';

export const MAINTENANCE_PAGE = '/admin/maintenance';

const FEATURE_ROUTES: { path: string; feature: string }[] = [
  { path: '/plants', feature: 'my_plants' },
  { path: '/schedule', feature: 'care_schedule' },
  { path: '/journal', feature: 'growth_journal' },
  { path: '/plant-database', feature: 'plant_database' },
  { path: '/community/forum', feature: 'community_forum' },
  { path: '/community/plant-sharing', feature: 'plant_sharing' },
  { path: '/community/expert-qa', feature: 'expert_qa' },
  { path: '/planning/garden-layouts', feature: 'garden_planner' },
  { path: '/planning/crop-rotation', feature: 'crop_rotation' },
  { path: '/planning/harvest-tracking', feature: 'harvest_tracking' },
];

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** isMaintenancePage: the maintenance console, which no function notice blocks. */
export function isMaintenancePage(pathname: string): boolean {
  return normalize(pathname) === MAINTENANCE_PAGE;
}

/**
 * featuresForPath lists the functions that gate a page, most general first: site_wide for
 * every page but the maintenance console, then the page's own area (its path or a sub-path).
 */
export function featuresForPath(pathname: string): string[] {
  const path = normalize(pathname);
  if (path === MAINTENANCE_PAGE) return [];
  const own = FEATURE_ROUTES.find((route) => path === route.path || path.startsWith(`${route.path}/`));
  return own ? [SITE_WIDE, own.feature] : [SITE_WIDE];
}
