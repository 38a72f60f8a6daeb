import type { Schemas } from '@/api/types';
import { t } from '@/lib/i18n/i18n';
/**
 * The crop rotation grid as pure functions: rows (beds or areas) × years, cells holding a
 * group, rotate, and the rule check. The server computes the same warnings (core/domain
 * rotation.go); the editor runs them live so the gardener sees a mistake before saving.
 */

/** A row of the grid: a bed of the linked layout or a named area. */
export type GridRow = Schemas['PlanRow'];

export type Assignment = Schemas['Assignment'];

export type RotationWarning = Schemas['Warning'];

/** Cells maps `${rowKey}|${year}` to a group id. */
export type Cells = ReadonlyMap<string, number>;

/** rowKey names a row: "b:12" for bed 12, "a:North" for an area. */
export function rowKey(row: { bedId?: number | null; area?: string | null }): string {
  return row.bedId != null ? `b:${row.bedId}` : `a:${row.area ?? ''}`;
}

export function cellKey(row: { bedId?: number | null; area?: string | null }, year: number): string {
  return `${rowKey(row)}|${year}`;
}

/** planYears lists the plan's years. */
export function planYears(startYear: number, duration: number): number[] {
  return Array.from({ length: Math.max(0, duration) }, (_, i) => startYear + i);
}

/** yearRange is the card's range: "2026–2029", or one year (spec 02 §2). */
export function yearRange(startYear: number, duration: number): string {
  const end = startYear + duration - 1;
  return duration <= 1 || end === startYear ? String(startYear) : `${startYear}–${end}`;
}

/** cellsFrom reads assignments into cells. */
export function cellsFrom(assignments: Assignment[]): Cells {
  const m = new Map<string, number>();
  for (const a of assignments) m.set(cellKey(a, a.year), a.groupId);
  return m;
}

/** setCell returns cells with one cell set (or cleared with null). */
export function setCell(cells: Cells, row: GridRow, year: number, groupId: number | null): Cells {
  const m = new Map(cells);
  if (groupId == null) m.delete(cellKey(row, year));
  else m.set(cellKey(row, year), groupId);
  return m;
}

/** toAssignments lists the cells of the plan's rows and years, rows in order, then years. */
export function toAssignments(cells: Cells, rows: GridRow[], years: number[]): Assignment[] {
  const out: Assignment[] = [];
  for (const row of rows) {
    for (const year of years) {
      const g = cells.get(cellKey(row, year));
      if (g != null) out.push({ bedId: row.bedId, area: row.bedId != null ? null : row.area, year, groupId: g });
    }
  }
  return out;
}

/**
 * rotate keeps the first year and fills each following year by moving every group one row
 * down (the last row's group to the first row): the group of row i in year k is the first
 * year's group of row i − k.
 */
export function rotate(cells: Cells, rows: GridRow[], years: number[]): Cells {
  const m = new Map<string, number>();
  if (years.length === 0) return m;
  const n = rows.length;
  const first = rows.map((row) => cells.get(cellKey(row, years[0])));
  rows.forEach((row, i) => {
    if (first[i] != null) m.set(cellKey(row, years[0]), first[i]!);
  });
  for (let k = 1; k < years.length; k++) {
    rows.forEach((row, i) => {
      const g = first[(((i - k) % n) + n) % n];
      if (g != null) m.set(cellKey(row, years[k]), g);
    });
  }
  return m;
}

/**
 * checkRotation flags every cell whose group grew in the same row fewer than gap years before
 * (gap 3: a group may come back in the fourth year), in row then year order, with the server's
 * message.
 */
export function checkRotation(cells: Cells, rows: GridRow[], years: number[], gap: number, groupName: (id: number) => string): RotationWarning[] {
  const out: RotationWarning[] = [];
  const g = gap >= 1 ? gap : 3;
  for (const row of rows) {
    const last = new Map<number, number>();
    for (const year of years) {
      const id = cells.get(cellKey(row, year));
      if (id == null) continue;
      const prev = last.get(id);
      if (prev != null && year - prev < g) {
        const d = year - prev;
        out.push({
          bedId: row.bedId,
          area: row.bedId != null ? null : row.area,
          year,
          previousYear: prev,
          groupId: id,
          message: t('planning.rotation.warning', { group: groupName(id), row: row.name, year: String(year), years: d, previous: String(prev), gap: g }),
        });
      }
      last.set(id, year);
    }
  }
  return out;
}

/** warnedCells is the set of cell keys a list of warnings flags. */
export function warnedCells(warnings: RotationWarning[]): Set<string> {
  return new Set(warnings.map((w) => cellKey(w, w.year)));
}

/** usedGroupCount is the number of different groups the cells use (the card's groupCount). */
export function usedGroupCount(cells: Cells): number {
  return new Set(cells.values()).size;
}

/** luminance is the WCAG relative luminance of r, g, b (0–255). */
function luminance(r: number, g: number, b: number): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const DARK_TEXT = '#1c2b21';
const DARK_TEXT_LUMINANCE = luminance(0x1c, 0x2b, 0x21);

/** contrast is the WCAG contrast ratio of two luminances. */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** textOn picks the dark or the white text, whichever contrasts more with a colour (#rrggbb). */
export function textOn(hex: string): string {
  return cellColors(hex).color;
}

/**
 * cellColors gives the background and the text of a cell filled with a group's colour with a
 * contrast of 4.5:1 or more (WCAG AA): the dark or the white text, whichever reads better, and
 * when neither reaches 4.5:1 (a mid orange such as #e65100) the colour darkened just enough
 * for white text.
 */
export function cellColors(hex: string): { background: string; color: string } {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return { background: hex, color: DARK_TEXT };
  const n = parseInt(m[1], 16);
  let [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const onDark = contrast(luminance(r, g, b), DARK_TEXT_LUMINANCE);
  const onWhite = contrast(luminance(r, g, b), 1);
  if (onDark >= onWhite && onDark >= 4.5) return { background: hex, color: DARK_TEXT };
  for (let i = 0; i < 20 && contrast(luminance(r, g, b), 1) < 4.5; i++) {
    [r, g, b] = [r, g, b].map((c) => Math.round(c * 0.94));
  }
  const background = `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
  return { background, color: '#ffffff' };
}
