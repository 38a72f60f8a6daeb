import { z } from 'zod';
import { apiJSON, apiRequest } from '@/api/client';
import { useRefreshingRun } from '@/api/mutation';
import { useApiQuery } from '@/api/query';
import { usePagedList } from '@/api/use-paged-list';
import type { Assignment } from '../lib/plan-grid';
import type { RotationGroup, RotationPlan } from './types';
import { groupKeys, planKeys, planningUrls } from './urls';

/** DEFAULT_GROUP_COLOR is the spec's grey-blue (§9), the server's default too. */
export const DEFAULT_GROUP_COLOR = '#64748b';

/** usePlans: GET /api/crop-rotation/plans, newest first, searched on the server. */
export function usePlans(search: string) {
  return usePagedList<RotationPlan>(planningUrls.planList(search));
}

/** usePlan: GET /api/crop-rotation/plans/{id} with rows, assignments and warnings. */
export function usePlan(id: number | null) {
  return useApiQuery<RotationPlan>(id ? planningUrls.plan(id) : null);
}

/** useGroups: GET /api/crop-rotation/groups, by name. */
export function useGroups() {
  return usePagedList<RotationGroup>(planningUrls.allGroups);
}

/** planSchema: a plan's own fields, with the server's messages. */
export const planSchema = z.object({
  name: z.string().trim().min(1, 'planning.form.nameRequired').max(100, 'planning.form.name100'),
  description: z.string().trim().max(2000, 'planning.form.description2000'),
  startYear: z
    .number({ error: 'planning.plan.startYearRange' })
    .int('planning.plan.startYearRange')
    .min(1900, 'planning.plan.startYearRange')
    .max(2200, 'planning.plan.startYearRange'),
  duration: z
    .number({ error: 'planning.plan.durationRange' })
    .int('planning.plan.durationRange')
    .min(1, 'planning.plan.durationRange')
    .max(10, 'planning.plan.durationRange'),
  gap: z
    .number({ error: 'planning.plan.gapRange' })
    .int('planning.plan.gapRange')
    .min(1, 'planning.plan.gapRange')
    .max(10, 'planning.plan.gapRange'),
  layoutId: z.string(),
  areas: z.string(),
});
export type PlanFields = z.output<typeof planSchema>;
export type PlanInput = z.input<typeof planSchema>;

/** areaList reads the areas field: one area per line, blanks dropped. */
export function areaList(text: string): string[] {
  return text
    .split('\n')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** planBody turns the form into the API's plan fields. */
export function planBody(f: PlanFields) {
  const layoutId = f.layoutId ? Number(f.layoutId) : null;
  return {
    name: f.name,
    description: f.description,
    startYear: f.startYear,
    duration: f.duration,
    gap: f.gap,
    layoutId,
    areas: layoutId ? [] : areaList(f.areas),
  };
}

/** groupSchema: a rotation group, with the server's messages. */
export const groupSchema = z.object({
  name: z.string().trim().min(1, 'planning.form.nameRequired').max(60, 'planning.form.name60'),
  description: z.string().trim().max(500, 'planning.form.description500'),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'planning.group.colourHex'),
});
export type GroupFields = z.output<typeof groupSchema>;

/** useRotationWrites: the plan and group calls, each refreshing what shows them. */
export function useRotationWrites() {
  const { pending, run } = useRefreshingRun(planKeys, groupKeys);
  return {
    pending,
    createPlan: (body: ReturnType<typeof planBody> & { assignments?: Assignment[] }) =>
      run(() => apiJSON<RotationPlan>('POST', planningUrls.plans, body)),
    updatePlan: (id: number, body: Partial<ReturnType<typeof planBody>>) => run(() => apiJSON<RotationPlan>('PATCH', planningUrls.plan(id), body)),
    saveAssignments: (id: number, assignments: Assignment[]) =>
      run(() => apiJSON<RotationPlan>('PUT', planningUrls.planAssignments(id), { assignments })),
    deletePlan: (id: number) => run(async () => void (await apiRequest('DELETE', planningUrls.plan(id)))),
    createGroup: (g: GroupFields) => run(() => apiJSON<RotationGroup>('POST', planningUrls.groups, g)),
    updateGroup: (id: number, g: Partial<GroupFields>) => run(() => apiJSON<RotationGroup>('PATCH', planningUrls.group(id), g)),
    deleteGroup: (id: number) => run(async () => void (await apiRequest('DELETE', planningUrls.group(id)))),
    seedClassic: () => run(() => apiJSON<{ created: number }>('POST', planningUrls.seedGroups)),
  };
}
