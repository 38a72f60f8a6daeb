import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { Site } from '../types';

/** useSites: GET /api/sites — every site for a superadmin, the caller's own otherwise. */
export function useSites(enabled = true) {
  return useApiQuery<Site[]>(enabled ? urls.sites : null);
}
