import type { MessageKey } from '@/lib/i18n/i18n';

/** The page's three tabs, held in `?tab=` (spec 01 §2, §9). */
export type AdminTab = 'list' | 'ecommerce' | 'schedule';

export const ADMIN_TABS: readonly { value: AdminTab; label: MessageKey }[] = [
  { value: 'list', label: 'plantdb.admin.tab.list' },
  { value: 'ecommerce', label: 'plantdb.admin.tab.ecommerce' },
  { value: 'schedule', label: 'plantdb.admin.tab.schedule' },
];

/** adminTabFromParam reads `?tab=`; a missing or unknown value is the list. */
export function adminTabFromParam(value: string | null): AdminTab {
  return ADMIN_TABS.some((t) => t.value === value) ? (value as AdminTab) : 'list';
}

/** The address of a tab of the administration page. */
export const adminTabPath = (tab: AdminTab) => `/admin/plant-database?tab=${tab}`;
