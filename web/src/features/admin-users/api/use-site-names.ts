import { listUrl } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { Site, User } from '@/api/types';
import { useT } from '@/lib/i18n/provider';

/** The API's page maximum: how many sites one ?ids= request names. */
const MAX_IDS = 200;

/**
 * useSiteNames names the sites of the users shown: one GET /api/admin/sites?ids=… for the
 * sites on the loaded pages (not every site), answering a lookup from id to name ("Site 12"
 * while unknown, "No site" for none).
 */
export function useSiteNames(users: readonly User[]): (id: number | null | undefined) => string {
  const ids = [...new Set(users.map((u) => u.siteId).filter((id): id is number => Boolean(id)))].sort((a, b) => a - b).slice(0, MAX_IDS);
  const t = useT();
  const sites = useApiQuery<Site[]>(ids.length ? listUrl('/api/admin/sites', { ids: ids.join(','), limit: String(MAX_IDS) }) : null);
  return (id) => (id ? (sites.data?.find((s) => s.id === id)?.name ?? t('shared.serverPicker.siteFallback', { id })) : t('shared.userAdminFields.noSite'));
}
