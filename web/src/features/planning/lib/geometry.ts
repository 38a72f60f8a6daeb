/**
 * The layout editor's geometry, in feet, as pure functions: snapping to half a foot, drawing a
 * bed by dragging, moving and resizing inside the layout, and the overlap and bounds rules the
 * server enforces too (docs/decisions.md, "Planning").
 */
import { t } from '@/lib/i18n/i18n';

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** SNAP is the grid beds snap to: half a foot. */
export const SNAP = 0.5;
/** MIN_BED is the smallest bed side, as on the server. */
export const MIN_BED = 0.5;
const EPS = 1e-6;

/** snap rounds v to the nearest multiple of step (half a foot by default). */
export function snap(v: number, step = SNAP): number {
  const r = Math.round(v / step) * step;
  return Object.is(r, -0) ? 0 : Number(r.toFixed(4));
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}

/** clampRect keeps r inside bounds: a rect larger than the layout shrinks, then it is pushed in. */
export function clampRect(r: Rect, bounds: Size): Rect {
  const width = Math.min(r.width, bounds.width);
  const height = Math.min(r.height, bounds.height);
  return { x: clamp(r.x, 0, bounds.width - width), y: clamp(r.y, 0, bounds.height - height), width, height };
}

/**
 * rectFromDrag is the bed a drag from a to b draws: both corners snapped and kept inside the
 * layout, in any direction; null when it is thinner than the smallest bed.
 */
export function rectFromDrag(a: Point, b: Point, bounds: Size): Rect | null {
  const x1 = clamp(snap(Math.min(a.x, b.x)), 0, bounds.width);
  const y1 = clamp(snap(Math.min(a.y, b.y)), 0, bounds.height);
  const x2 = clamp(snap(Math.max(a.x, b.x)), 0, bounds.width);
  const y2 = clamp(snap(Math.max(a.y, b.y)), 0, bounds.height);
  if (x2 - x1 < MIN_BED - EPS || y2 - y1 < MIN_BED - EPS) return null;
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/** moveRect moves r by (dx, dy) feet, snapping its corner to the grid and keeping it inside. */
export function moveRect(r: Rect, dx: number, dy: number, bounds: Size): Rect {
  return clampRect({ ...r, x: snap(r.x + dx), y: snap(r.y + dy) }, bounds);
}

/** A resize handle: the edges it moves, by compass point. */
export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

export const HANDLES: Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** handlePoint is where a handle sits on r (feet). */
export function handlePoint(r: Rect, h: Handle): Point {
  const x = h.includes('w') ? r.x : h.includes('e') ? r.x + r.width : r.x + r.width / 2;
  const y = h.includes('n') ? r.y : h.includes('s') ? r.y + r.height : r.y + r.height / 2;
  return { x, y };
}

/** handleCursor is the CSS cursor of a handle. */
export function handleCursor(h: Handle): string {
  return h === 'n' || h === 's' ? 'ns-resize' : h === 'e' || h === 'w' ? 'ew-resize' : h === 'ne' || h === 'sw' ? 'nesw-resize' : 'nwse-resize';
}

/**
 * resizeRect drags handle h of r to the pointer p: the edges the handle names follow the
 * snapped pointer, the opposite edges stay, no side gets smaller than the smallest bed, and the
 * bed stays inside the layout.
 */
export function resizeRect(r: Rect, h: Handle, p: Point, bounds: Size): Rect {
  let left = r.x;
  let top = r.y;
  let right = r.x + r.width;
  let bottom = r.y + r.height;
  const px = clamp(snap(p.x), 0, bounds.width);
  const py = clamp(snap(p.y), 0, bounds.height);
  if (h.includes('w')) left = Math.min(px, right - MIN_BED);
  if (h.includes('e')) right = Math.max(px, left + MIN_BED);
  if (h.includes('n')) top = Math.min(py, bottom - MIN_BED);
  if (h.includes('s')) bottom = Math.max(py, top + MIN_BED);
  left = Math.max(0, left);
  top = Math.max(0, top);
  right = Math.min(bounds.width, right);
  bottom = Math.min(bounds.height, bottom);
  return { x: left, y: top, width: Number((right - left).toFixed(4)), height: Number((bottom - top).toFixed(4)) };
}

/** overlaps reports whether two beds share area; beds touching along an edge do not overlap. */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width - EPS && b.x < a.x + a.width - EPS && a.y < b.y + b.height - EPS && b.y < a.y + a.height - EPS;
}

/** insideBounds reports whether r lies within the layout. */
export function insideBounds(r: Rect, bounds: Size): boolean {
  return r.x >= -EPS && r.y >= -EPS && r.x + r.width <= bounds.width + EPS && r.y + r.height <= bounds.height + EPS;
}

/** overlapsAny returns the index of the first other bed r overlaps (skipping index self), or -1. */
export function overlapsAny(r: Rect, beds: Rect[], self = -1): number {
  return beds.findIndex((b, i) => i !== self && overlaps(r, b));
}

/** feet prints a length the way the server does: "20", "2.5". */
export function feet(v: number): string {
  return String(Math.round(v * 100) / 100);
}

export interface BedLike extends Rect {
  name: string;
}

/**
 * bedProblems lists what the server would refuse, with its messages: a missing name, a bed
 * smaller than half a foot, outside the layout, or overlapping an earlier bed. The index is the
 * bed's.
 */
export function bedProblems(beds: BedLike[], bounds: Size): { index: number; message: string }[] {
  const out: { index: number; message: string }[] = [];
  const label = (b: BedLike, i: number) => b.name.trim() || t('planning.bed.numbered', { n: String(i + 1) });
  beds.forEach((b, i) => {
    if (!b.name.trim()) out.push({ index: i, message: t('planning.bed.nameRequired') });
    if (!(b.width >= MIN_BED - EPS) || !(b.height >= MIN_BED - EPS)) {
      out.push({ index: i, message: t('planning.bed.minSizeFeet') });
    } else if (!insideBounds(b, bounds)) {
      out.push({ index: i, message: t('planning.bed.outsideFeet', { bed: label(b, i), width: feet(bounds.width), height: feet(bounds.height) }) });
    }
    for (let j = 0; j < i; j++) {
      if (overlaps(beds[j], b)) out.push({ index: i, message: t('planning.bed.overlapPair', { first: label(beds[j], j), second: label(b, i) }) });
    }
  });
  return out;
}

/** nextBedName is "Bed N" (in the shown language) with the smallest N no bed uses yet. */
export function nextBedName(beds: { name: string }[]): string {
  const used = new Set(beds.map((b) => b.name.trim().toLowerCase()));
  const name = (n: number) => t('planning.bed.numbered', { n: String(n) });
  let n = 1;
  while (used.has(name(n).toLowerCase())) n++;
  return name(n);
}

/**
 * freeSpot finds the first place (top to bottom, left to right, on the half-foot grid) where a
 * bed of the given size fits without overlapping; null when none does. The phone's Add Bed uses
 * it, since nothing is drawn there.
 */
export function freeSpot(size: Size, beds: Rect[], bounds: Size): Rect | null {
  const w = Math.min(size.width, bounds.width);
  const h = Math.min(size.height, bounds.height);
  for (let y = 0; y + h <= bounds.height + EPS; y += SNAP) {
    for (let x = 0; x + w <= bounds.width + EPS; x += SNAP) {
      const r = { x, y, width: w, height: h };
      if (overlapsAny(r, beds) < 0) return r;
    }
  }
  return null;
}

/** gridStep is the axis label step that keeps labels readable: every 1, 2, 5, 10, 25, 50 or 100 ft. */
export function gridStep(lengthFeet: number, pixels: number): number {
  const perFoot = pixels / Math.max(lengthFeet, 1);
  for (const step of [1, 2, 5, 10, 25, 50, 100]) {
    if (step * perFoot >= 28) return step;
  }
  return 100;
}

/**
 * wrapLabel breaks a bed's name into at most `rows` lines of at most `max` characters, words
 * kept whole when they fit, so that a long name on a narrow bed reads in lines instead of
 * being clipped at the bed's edge (issue 27 item 7). A word longer than a line is cut; when
 * lines are left over, the last one ends in "…".
 */
export function wrapLabel(text: string, max: number, rows: number): string[] {
  const width = Math.max(1, Math.floor(max));
  const limit = Math.max(1, Math.floor(rows));
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > width) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= limit) return lines;
  const kept = lines.slice(0, limit);
  const last = kept[limit - 1];
  kept[limit - 1] = `${last.length >= width ? last.slice(0, Math.max(0, width - 1)) : last}…`;
  return kept;
}
