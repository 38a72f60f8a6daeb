import { describe, expect, it, vi } from 'vitest';
import { dayFromNow, dayLabel, instantFromNow, TEST_NOW, yearFromNow } from './clock';

// setup.ts pins Date for every test. These guard that pin: whatever the machine's clock says,
// and in whichever order the shuffled run puts them, each test starts at TEST_NOW.
describe('the pinned test clock', () => {
  it('starts every test at TEST_NOW, whatever day the machine says it is', () => {
    const drift = Date.now() - TEST_NOW.getTime();
    expect(drift).toBeGreaterThanOrEqual(0);
    expect(drift).toBeLessThan(60_000);
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-11-21');
  });

  it('lets a test move to another day, and the next test starts at TEST_NOW again', () => {
    vi.setSystemTime(new Date('2031-03-01T08:00:00Z'));
    expect(new Date().toISOString().slice(0, 10)).toBe('2031-03-01');
  });

  it('a second test after a moved day is back at TEST_NOW', () => {
    expect(new Date().toISOString().slice(0, 10)).toBe(dayFromNow(0));
  });

  it('keeps ticking, so timers and promises behave as in the browser', async () => {
    const before = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(Date.now()).toBeGreaterThan(before);
  });

  it('builds fixture dates relative to TEST_NOW', () => {
    expect(dayFromNow(-1)).toBe('2026-11-20');
    expect(dayFromNow(10)).toBe('2026-12-01');
    expect(instantFromNow(-20)).toBe('2026-11-01T10:00:00Z');
    expect(dayLabel(4)).toBe('Nov 25, 2026');
    expect(yearFromNow(-1)).toBe(2025);
  });
});
