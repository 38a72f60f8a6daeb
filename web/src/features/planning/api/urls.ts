import type { KeyMatcher } from '@/api/query';

/** The planning API's URLs (docs/api.md, "Planning"), which are also the SWR keys. */
export const planningUrls = {
  layouts: '/api/garden-layouts',
  layoutList: (search: string) => `/api/garden-layouts${search.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`,
  layout: (id: number | string) => `/api/garden-layouts/${id}`,
  layoutBeds: (id: number) => `/api/garden-layouts/${id}/beds`,
  layoutCopy: (id: number) => `/api/garden-layouts/${id}/copy`,
  plans: '/api/crop-rotation/plans',
  planList: (search: string) => `/api/crop-rotation/plans${search.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`,
  plan: (id: number | string) => `/api/crop-rotation/plans/${id}`,
  planAssignments: (id: number) => `/api/crop-rotation/plans/${id}/assignments`,
  groups: '/api/crop-rotation/groups',
  /** Every group of the gardener in one page (the server allows 200; a gardener has a handful). */
  allGroups: '/api/crop-rotation/groups?limit=200',
  group: (id: number) => `/api/crop-rotation/groups/${id}`,
  seedGroups: '/api/crop-rotation/groups/seed-classic',
};

/** layoutKeys: the layout lists and layouts a layout write makes out of date. */
export const layoutKeys: KeyMatcher = (key) => key.startsWith('/api/garden-layouts') || key.endsWith('/placements');
/** planKeys: plan lists and plans (a layout's beds are the plans' rows too). */
export const planKeys: KeyMatcher = (key) => key.startsWith('/api/crop-rotation/plans');
/** groupKeys: the group lists (plans show group names and counts too). */
export const groupKeys: KeyMatcher = (key) => key.startsWith('/api/crop-rotation/');
