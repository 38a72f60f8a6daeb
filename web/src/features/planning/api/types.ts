import type { Assignment, GridRow, RotationWarning } from '../lib/plan-grid';

/** A planting in a bed: one of the gardener's plants or a plant database item. */
export interface Planting {
  id?: number;
  plantId: number | null;
  plantDatabaseId: number | null;
  name: string;
  count: number;
  x: number | null;
  y: number | null;
}

/** A bed on a layout, in feet from the layout's top-left corner. */
export interface Bed {
  id?: number | null;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string | null;
  plantings: Planting[];
}

/** A garden layout (spec 02 §3); `beds` only when one layout is read. */
export interface GardenLayout {
  id: number;
  name: string;
  description: string;
  width: number;
  height: number;
  bedCount: number;
  username?: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  beds?: Bed[];
}

/** A rotation group (spec 02 §3). */
export interface RotationGroup {
  id: number;
  name: string;
  description: string;
  color: string | null;
  createdAt?: string;
}

/** A rotation plan (spec 02 §3); rows, assignments and warnings only when one plan is read. */
export interface RotationPlan {
  id: number;
  name: string;
  description: string;
  startYear: number;
  duration: number;
  yearRange?: string;
  gap: number;
  layoutId: number | null;
  layoutName: string | null;
  areas: string[];
  groupCount: number;
  username?: string | null;
  createdAt: string;
  updatedAt?: string;
  rows?: GridRow[];
  assignments?: Assignment[];
  warnings?: RotationWarning[];
}
