import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, isDateKey, isoWeek, monthGrid, relativeDay, toDateKey, weekDays } from './dates';

const now = new Date(2026, 10, 21, 15, 30); // Saturday, November 21, 2026, local time

describe('dates', () => {
  it('reads yyyy-MM-dd as a local day, not UTC', () => {
    expect(formatDate('2026-11-21')).toBe('Nov 21, 2026');
    expect(formatLongDate('2026-11-01')).toBe('November 1, 2026');
    expect(toDateKey(now)).toBe('2026-11-21');
  });

  it('checks calendar dates', () => {
    expect(isDateKey('2026-02-28')).toBe(true);
    expect(isDateKey('2026-02-30')).toBe(false);
    expect(isDateKey('21/11/2026')).toBe(false);
    expect(isDateKey('')).toBe(false);
  });

  it('labels the next watering: Today, Tomorrow, In N days, or MMM d', () => {
    expect(relativeDay('2026-11-21', now)).toBe('Today');
    expect(relativeDay('2026-11-22', now)).toBe('Tomorrow');
    expect(relativeDay('2026-11-24', now)).toBe('In 3 days');
    expect(relativeDay('2026-11-27', now)).toBe('In 6 days');
    expect(relativeDay('2026-11-28', now)).toBe('Nov 28');
    expect(relativeDay('2026-11-19', now)).toBe('Nov 19');
    expect(relativeDay(null, now)).toBeNull();
  });

  it('starts weeks on Monday with ISO week numbers', () => {
    const days = weekDays(now).map(toDateKey);
    expect(days[0]).toBe('2026-11-16');
    expect(days[6]).toBe('2026-11-22');
    expect(isoWeek(now)).toBe(47);
  });

  it('covers a month with whole weeks', () => {
    const grid = monthGrid(now).map(toDateKey);
    expect(grid[0]).toBe('2026-10-26');
    expect(grid.at(-1)).toBe('2026-12-06');
    expect(grid).toHaveLength(42);
  });
});
