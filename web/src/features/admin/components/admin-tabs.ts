import type { MessageKey } from '@/lib/i18n/i18n';

/** The Admin Dashboard's tabs (spec 02 §2), kept in ?tab=; `label` is a catalogue key. */
export const DASHBOARD_TABS = [
  { value: 'users', label: 'nav.users' },
  { value: 'categories', label: 'admin.dashboard.categories' },
  { value: 'sites', label: 'nav.sites' },
  { value: 'community', label: 'nav.group.community' },
] as const satisfies readonly { value: string; label: MessageKey }[];

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
