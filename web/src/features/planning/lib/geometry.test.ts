import { describe, expect, it } from 'vitest';
import {
  bedProblems,
  clampRect,
  freeSpot,
  gridStep,
  handlePoint,
  insideBounds,
  moveRect,
  nextBedName,
  overlaps,
  overlapsAny,
  wrapLabel,
  rectFromDrag,
  resizeRect,
  snap,
} from './geometry';

const garden = { width: 20, height: 10 };

describe('snap', () => {
  it('rounds to the nearest half foot', () => {
    expect(snap(1.2)).toBe(1);
    expect(snap(1.3)).toBe(1.5);
    expect(snap(1.74)).toBe(1.5);
    expect(snap(1.76)).toBe(2);
    expect(snap(-0.2)).toBe(0);
    expect(snap(3.3, 1)).toBe(3);
  });
});

describe('rectFromDrag', () => {
  it('draws from any corner, snapped', () => {
    expect(rectFromDrag({ x: 1.2, y: 0.9 }, { x: 5.1, y: 4.2 }, garden)).toEqual({ x: 1, y: 1, width: 4, height: 3 });
    expect(rectFromDrag({ x: 5.1, y: 4.2 }, { x: 1.2, y: 0.9 }, garden)).toEqual({ x: 1, y: 1, width: 4, height: 3 });
  });
  it('keeps the bed inside the layout', () => {
    expect(rectFromDrag({ x: 18, y: 8 }, { x: 25, y: 14 }, garden)).toEqual({ x: 18, y: 8, width: 2, height: 2 });
    expect(rectFromDrag({ x: -3, y: -1 }, { x: 2, y: 2 }, garden)).toEqual({ x: 0, y: 0, width: 2, height: 2 });
  });
  it('ignores a click or a sliver', () => {
    expect(rectFromDrag({ x: 3, y: 3 }, { x: 3.1, y: 3.1 }, garden)).toBeNull();
    expect(rectFromDrag({ x: 3, y: 3 }, { x: 8, y: 3.2 }, garden)).toBeNull();
  });
});

describe('moveRect', () => {
  const bed = { x: 2, y: 2, width: 4, height: 3 };
  it('moves by whole and half feet', () => {
    expect(moveRect(bed, 1.4, -0.6, garden)).toEqual({ x: 3.5, y: 1.5, width: 4, height: 3 });
  });
  it('stops at the borders', () => {
    expect(moveRect(bed, 30, 30, garden)).toEqual({ x: 16, y: 7, width: 4, height: 3 });
    expect(moveRect(bed, -30, -30, garden)).toEqual({ x: 0, y: 0, width: 4, height: 3 });
  });
});

describe('resize handles', () => {
  const bed = { x: 2, y: 2, width: 4, height: 4 };
  it('places handles on corners and edge middles', () => {
    expect(handlePoint(bed, 'nw')).toEqual({ x: 2, y: 2 });
    expect(handlePoint(bed, 'se')).toEqual({ x: 6, y: 6 });
    expect(handlePoint(bed, 'n')).toEqual({ x: 4, y: 2 });
    expect(handlePoint(bed, 'e')).toEqual({ x: 6, y: 4 });
  });
  it('moves only the edges a handle names', () => {
    expect(resizeRect(bed, 'e', { x: 9.3, y: 100 }, garden)).toEqual({ x: 2, y: 2, width: 7.5, height: 4 });
    expect(resizeRect(bed, 'nw', { x: 1, y: 0.4 }, garden)).toEqual({ x: 1, y: 0.5, width: 5, height: 5.5 });
    expect(resizeRect(bed, 's', { x: 0, y: 4.6 }, garden)).toEqual({ x: 2, y: 2, width: 4, height: 2.5 });
  });
  it('never goes below half a foot or past the opposite edge', () => {
    expect(resizeRect(bed, 'w', { x: 10, y: 0 }, garden)).toEqual({ x: 5.5, y: 2, width: 0.5, height: 4 });
    expect(resizeRect(bed, 'n', { x: 0, y: 9 }, garden)).toEqual({ x: 2, y: 5.5, width: 4, height: 0.5 });
  });
  it('stays inside the layout', () => {
    expect(resizeRect(bed, 'se', { x: 40, y: 40 }, garden)).toEqual({ x: 2, y: 2, width: 18, height: 8 });
  });
});

describe('bounds and overlap', () => {
  it('treats touching edges as no overlap', () => {
    expect(overlaps({ x: 0, y: 0, width: 4, height: 4 }, { x: 4, y: 0, width: 4, height: 4 })).toBe(false);
    expect(overlaps({ x: 0, y: 0, width: 4, height: 4 }, { x: 3.5, y: 3.5, width: 4, height: 4 })).toBe(true);
    expect(overlapsAny({ x: 1, y: 1, width: 1, height: 1 }, [{ x: 0, y: 0, width: 4, height: 4 }], 0)).toBe(-1);
  });
  it('knows the layout edge', () => {
    expect(insideBounds({ x: 16, y: 0, width: 4, height: 10 }, garden)).toBe(true);
    expect(insideBounds({ x: 16.5, y: 0, width: 4, height: 10 }, garden)).toBe(false);
    expect(clampRect({ x: 18, y: -2, width: 30, height: 3 }, garden)).toEqual({ x: 0, y: 0, width: 20, height: 3 });
  });
  it('reports the server’s messages', () => {
    const problems = bedProblems(
      [
        { name: 'Bed 1', x: 0, y: 0, width: 4, height: 4 },
        { name: 'Bed 2', x: 3, y: 0, width: 4, height: 4 },
        { name: 'Bed 3', x: 17, y: 0, width: 4, height: 4 },
        { name: ' ', x: 10, y: 5, width: 2, height: 2 },
      ],
      garden,
    );
    expect(problems.map((p) => p.message)).toEqual([
      'Beds cannot overlap: Bed 1 and Bed 2',
      'Bed 3 must lie inside the layout (20 × 10 ft)',
      'Bed name is required',
    ]);
  });
});

describe('helpers', () => {
  it('names the next bed', () => {
    expect(nextBedName([])).toBe('Bed 1');
    expect(nextBedName([{ name: 'Bed 1' }, { name: 'bed 3' }])).toBe('Bed 2');
  });
  it('finds a free spot for a new bed', () => {
    expect(freeSpot({ width: 4, height: 4 }, [{ x: 0, y: 0, width: 4, height: 10 }], garden)).toEqual({ x: 4, y: 0, width: 4, height: 4 });
    expect(freeSpot({ width: 4, height: 4 }, [{ x: 0, y: 0, width: 20, height: 10 }], garden)).toBeNull();
  });
  it('labels axes at a readable step', () => {
    expect(gridStep(20, 800)).toBe(1);
    expect(gridStep(100, 800)).toBe(5);
    expect(gridStep(500, 800)).toBe(25);
  });
});

describe('export names and sizes', async () => {
  const { fileNameFor, exportSize } = await import('./export');
  it('makes a file name from the layout name', () => {
    expect(fileNameFor('Back garden', 'svg')).toBe('back-garden.svg');
    expect(fileNameFor('  ', 'png')).toBe('garden-layout.png');
    expect(fileNameFor('Jardín #2', 'png')).toBe('jardin-2.png');
  });
  it('keeps exports at 40 px a foot, at most 4000 px', () => {
    expect(exportSize(25, 15)).toEqual({ width: 1000, height: 600 });
    expect(exportSize(510, 260)).toEqual({ width: 4000, height: 2039 });
  });
});

describe('wrapLabel', () => {
  it('keeps a name that fits on one line', () => {
    expect(wrapLabel('Bed 3', 10, 3)).toEqual(['Bed 3']);
  });
  it('wraps at words on a narrow bed', () => {
    expect(wrapLabel('Raised bed by the fence', 7, 5)).toEqual(['Raised', 'bed by', 'the', 'fence']);
  });
  it('cuts a word longer than a line', () => {
    expect(wrapLabel('Strawberries', 5, 4)).toEqual(['Straw', 'berri', 'es']);
  });
  it('ends the last line with an ellipsis when rows run out', () => {
    expect(wrapLabel('Raised bed by the fence', 7, 2)).toEqual(['Raised', 'bed by…']);
    expect(wrapLabel('Raised bed by the fence', 6, 1)).toEqual(['Raise…']);
  });
});
