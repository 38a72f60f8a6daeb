import { describe, expect, it } from 'vitest';
import { groupBedsByLayout } from '../api/get-garden-beds';
import { bedLabel, formatRate } from './format';

describe('beds', () => {
  it('formats a yield per square foot with three significant digits below 1', () => {
    expect(formatRate(0.075)).toBe('0.075');
    expect(formatRate(0.0042137)).toBe('0.00421');
    expect(formatRate(0.2)).toBe('0.2');
    expect(formatRate(0)).toBe('0');
    expect(formatRate(12.345)).toBe('12.35');
  });

  it('labels a record’s bed with its layout, and nothing without a bed', () => {
    expect(bedLabel({ bedId: 3, bedName: 'Bed 1', layoutName: 'Back garden' })).toBe('Bed 1 · Back garden');
    expect(bedLabel({ bedId: null, bedName: '', layoutName: '' })).toBe('');
    expect(bedLabel({})).toBe('');
  });

  it('groups beds by layout in the order the API gives them', () => {
    const groups = groupBedsByLayout([
      { id: 5, name: 'North', layoutId: 9, layoutName: 'Allotment' },
      { id: 1, name: 'Bed 1', layoutId: 2, layoutName: 'Back garden' },
      { id: 6, name: 'South', layoutId: 9, layoutName: 'Allotment' },
    ]);
    expect(groups.map((g) => [g.layoutName, g.beds.map((b) => b.name)])).toEqual([
      ['Allotment', ['North', 'South']],
      ['Back garden', ['Bed 1']],
    ]);
  });
});
