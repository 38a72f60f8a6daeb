/**
 * Garden planning's wire types (spec 02 §3): the schemas of the OpenAPI document
 * (src/api/schema.d.ts, `make api-types`), named for the planner.
 */
import type { Narrow, Schemas } from '@/api/types';

/** A planting in a bed: one of the gardener's plants or a plant database item. */
export type Planting = Schemas['Planting'];

/** A bed on a layout, in feet from the layout's top-left corner; a new bed has no id yet. */
export type Bed = Narrow<Schemas['Bed'], { id?: number | null }>;

/** A garden layout (spec 02 §3); `beds` only when one layout is read. */
export type GardenLayout = Narrow<Schemas['Layout'], { beds?: Bed[] }>;

/** A rotation group (spec 02 §3). */
export type RotationGroup = Schemas['Group'];

/** A rotation plan (spec 02 §3); rows, assignments and warnings only when one plan is read. */
export type RotationPlan = Schemas['Plan'];
