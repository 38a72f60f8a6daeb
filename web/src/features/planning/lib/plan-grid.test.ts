import { describe, expect, it } from 'vitest';
import {
  cellKey,
  cellsFrom,
  checkRotation,
  planYears,
  rotate,
  setCell,
  textOn,
  cellColors,
  toAssignments,
  usedGroupCount,
  warnedCells,
  yearRange,
  type GridRow,
} from './plan-grid';

const rows: GridRow[] = [1, 2, 3, 4].map((id) => ({ bedId: id, area: null, name: `Bed ${id}` }));
const names: Record<number, string> = { 1: 'Legumes', 2: 'Brassicas', 3: 'Roots', 4: 'Alliums' };
const groupName = (id: number) => names[id];

/** grid builds cells from rows of group ids per year (0 leaves a cell empty). */
function grid(start: number, ...byRow: number[][]) {
  return cellsFrom(
    byRow.flatMap((groups, i) =>
      groups.flatMap((g, k) => (g ? [{ bedId: rows[i].bedId, area: null, year: start + k, groupId: g }] : [])),
    ),
  );
}

describe('years', () => {
  it('lists the plan years and the card range', () => {
    expect(planYears(2026, 3)).toEqual([2026, 2027, 2028]);
    expect(yearRange(2026, 4)).toBe('2026–2029');
    expect(yearRange(2026, 1)).toBe('2026');
  });
});

describe('cells', () => {
  it('round-trips assignments in row then year order and clears cells', () => {
    let cells = grid(2026, [1, 2], [3]);
    cells = setCell(cells, rows[1], 2027, 4);
    cells = setCell(cells, rows[0], 2027, null);
    expect(toAssignments(cells, rows, planYears(2026, 2))).toEqual([
      { bedId: 1, area: null, year: 2026, groupId: 1 },
      { bedId: 2, area: null, year: 2026, groupId: 3 },
      { bedId: 2, area: null, year: 2027, groupId: 4 },
    ]);
    expect(usedGroupCount(cells)).toBe(3);
  });
  it('keeps area rows apart from bed rows', () => {
    const north: GridRow = { bedId: null, area: 'North', name: 'North' };
    const cells = setCell(new Map(), north, 2026, 2);
    expect(toAssignments(cells, [north], [2026])).toEqual([{ bedId: null, area: 'North', year: 2026, groupId: 2 }]);
    expect(cellKey(north, 2026)).toBe('a:North|2026');
  });
});

describe('rotate', () => {
  it('shifts the first year one bed along each year and replaces later cells', () => {
    const years = planYears(2026, 4);
    const cells = rotate(setCell(grid(2026, [1], [2], [3], [4]), rows[0], 2028, 2), rows, years);
    const at = (bed: number, year: number) => cells.get(cellKey(rows[bed - 1], year));
    expect([at(1, 2026), at(1, 2027), at(1, 2028), at(1, 2029)]).toEqual([1, 4, 3, 2]);
    expect([at(2, 2026), at(2, 2027), at(2, 2028), at(2, 2029)]).toEqual([2, 1, 4, 3]);
    expect(checkRotation(cells, rows, years, 3, groupName)).toEqual([]);
  });
  it('leaves empty first-year beds empty as they move', () => {
    const cells = rotate(grid(2026, [1], [0], [3], [0]), rows, planYears(2026, 2));
    expect(cells.get(cellKey(rows[1], 2027))).toBe(1);
    expect(cells.get(cellKey(rows[0], 2027))).toBeUndefined();
  });
});

describe('checkRotation', () => {
  const years = planYears(2026, 4);
  it('passes a clean four-year plan', () => {
    const cells = grid(2026, [1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2], [4, 1, 2, 3]);
    expect(checkRotation(cells, rows, years, 3, groupName)).toEqual([]);
  });
  it('flags a repeat after one year', () => {
    const w = checkRotation(grid(2026, [1, 2, 3, 4], [2, 2]), rows, years, 3, groupName);
    expect(w).toEqual([
      {
        bedId: 2,
        area: null,
        year: 2027,
        previousYear: 2026,
        groupId: 2,
        message: 'Brassicas return to Bed 2 in 2027, 1 year after 2026 (wait at least 3 years)',
      },
    ]);
    expect(warnedCells(w).has('b:2|2027')).toBe(true);
  });
  it('flags a repeat after two years, unless the gap allows it', () => {
    const cells = grid(2026, [1, 2, 1, 4]);
    expect(checkRotation(cells, rows, years, 3, groupName).map((w) => w.message)).toEqual([
      'Legumes return to Bed 1 in 2028, 2 years after 2026 (wait at least 3 years)',
    ]);
    expect(checkRotation(cells, rows, years, 2, groupName)).toEqual([]);
  });
  it('accepts a return after exactly the gap', () => {
    expect(checkRotation(grid(2026, [1, 2, 3, 1]), rows, years, 3, groupName)).toEqual([]);
  });
});

describe('textOn', () => {
  it('picks readable text', () => {
    expect(textOn('#ffffff')).toBe('#1c2b21');
    expect(textOn('#2e7d32')).toBe('#ffffff');
  });
});

describe('cellColors', () => {
  /** ratio is the WCAG contrast of two #rrggbb colours. */
  const ratio = (a: string, b: string) => {
    const lum = (hex: string) => {
      const n = parseInt(hex.slice(1), 16);
      const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
    };
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  it('keeps a colour that reads well and gives its text 4.5:1 or more', () => {
    for (const hex of ['#ffffff', '#2e7d32', '#64748b', '#f9a825', '#3949ab', '#97cba3']) {
      const { background, color } = cellColors(hex);
      expect(background).toBe(hex);
      expect(ratio(background, color)).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('darkens a mid colour that neither text reads on, just enough for white text', () => {
    const { background, color } = cellColors('#e65100');
    expect(color).toBe('#ffffff');
    expect(background).not.toBe('#e65100');
    expect(ratio(background, color)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(background, color)).toBeLessThan(5.5);
  });
});
