import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { SiteCategory } from '../types';

/** useSiteCategories: GET /api/site-categories — [{id, name}]. */
export function useSiteCategories(enabled = true) {
  return useApiQuery<SiteCategory[]>(enabled ? urls.siteCategories : null);
}
