import { useApiQuery } from '../query';

/** Where one of the gardener's plants grows: a bed of a garden layout. */
export interface Placement {
  layoutId: number;
  layoutName: string;
  bedId: number;
  bedName: string;
  count: number;
}

/** placementsUrl: GET /api/plants/{id}/placements (docs/api.md, "Planning"). */
export const placementsUrl = (plantId: number | string) => `/api/plants/${plantId}/placements`;

/** usePlacements reads where a plant grows; a null id sends nothing. */
export function usePlacements(plantId: number | null) {
  return useApiQuery<Placement[]>(plantId ? placementsUrl(plantId) : null);
}
