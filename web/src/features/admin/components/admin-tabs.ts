/** The Admin Dashboard's tabs (spec 02 §2), kept in ?tab=. */
export const DASHBOARD_TABS = [
  { value: 'users', label: 'Users' },
  { value: 'categories', label: 'Categories' },
  { value: 'sites', label: 'Sites' },
  { value: 'community', label: 'Community' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

/** dashboardTabFromParam: the tab named in the URL, Users by default. */
export function dashboardTabFromParam(value: string | null): DashboardTab {
  return DASHBOARD_TABS.some((tab) => tab.value === value) ? (value as DashboardTab) : 'users';
}

/** matchesSearch: a case-insensitive match of the dashboard's search in any of the texts. */
export function matchesSearch(search: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || texts.some((text) => (text ?? '').toLowerCase().includes(needle));
}
