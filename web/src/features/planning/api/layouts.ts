import { z } from 'zod';
import { apiJSON, apiRequest } from '@/api/client';
import { useRefreshingRun } from '@/api/mutation';
import { useApiQuery } from '@/api/query';
import { usePagedList } from '@/api/use-paged-list';
import type { Bed, GardenLayout } from './types';
import { layoutKeys, planKeys, planningUrls } from './urls';

/** useLayouts: GET /api/garden-layouts, the gardener's layouts newest first, searched on the server. */
export function useLayouts(search: string) {
  return usePagedList<GardenLayout>(planningUrls.layoutList(search));
}

/** useLayout: GET /api/garden-layouts/{id} with its beds and version; null id sends nothing. */
export function useLayout(id: number | null) {
  return useApiQuery<GardenLayout>(id ? planningUrls.layout(id) : null);
}

/** A side of the layout in feet, with the server's message (a catalogue key). */
const feet = (message: 'planning.layout.widthFeet' | 'planning.layout.heightFeet') =>
  z.number({ error: message }).min(1, message).max(500, message);

/** layoutSchema: a layout's own fields, with the server's messages. */
export const layoutSchema = z.object({
  name: z.string().trim().min(1, 'planning.form.nameRequired').max(100, 'planning.form.name100'),
  description: z.string().trim().max(2000, 'planning.form.description2000'),
  width: feet('planning.layout.widthFeet'),
  height: feet('planning.layout.heightFeet'),
});
export type LayoutFields = z.output<typeof layoutSchema>;

/** The body of a bed in PUT …/beds. */
export function bedBody(b: Bed) {
  return {
    id: b.id ?? undefined,
    name: b.name,
    x: b.x,
    y: b.y,
    width: b.width,
    height: b.height,
    color: b.color || undefined,
    plantings: b.plantings.map((p) => ({ plantId: p.plantId, plantDatabaseId: p.plantDatabaseId, count: p.count, x: p.x, y: p.y })),
  };
}

/**
 * useLayoutWrites: the layout calls of the editor and the list, each refreshing the lists and
 * plans that show the layout. saveBeds sends the version the beds were read with; a stale
 * one is refused with 409 and changes nothing.
 */
export function useLayoutWrites() {
  const { pending, run } = useRefreshingRun(layoutKeys, planKeys);
  return {
    pending,
    create: (fields: LayoutFields, beds: Bed[] = []) =>
      run(() => apiJSON<GardenLayout>('POST', planningUrls.layouts, { ...fields, beds: beds.map(bedBody) })),
    update: (id: number, fields: Partial<LayoutFields> & { version?: number }) =>
      run(() => apiJSON<GardenLayout>('PATCH', planningUrls.layout(id), fields)),
    /** saveBeds: PUT …/beds with the version read; the layout's own fields ride along in the same transaction. */
    saveBeds: (id: number, version: number, beds: Bed[], fields?: LayoutFields) =>
      run(() => apiJSON<GardenLayout>('PUT', planningUrls.layoutBeds(id), { ...fields, version, beds: beds.map(bedBody) })),
    copy: (id: number) => run(() => apiJSON<GardenLayout>('POST', planningUrls.layoutCopy(id))),
    remove: (id: number) => run(async () => void (await apiRequest('DELETE', planningUrls.layout(id)))),
  };
}
