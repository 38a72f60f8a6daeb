// The web unit tests run at one known instant: setup.ts pins `Date` to TEST_NOW before every
// test (only `Date` is faked, and it keeps ticking from there, so promises, timers and SWR run
// as usual). Fixtures say "three days ago" with these helpers instead of writing a calendar date
// that is only "three days ago" for a week. A test that needs another day sets it itself with
// vi.setSystemTime.

/** The instant every web unit test starts at: a Saturday at noon UTC, in ISO week 47. */
export const TEST_NOW = new Date('2026-11-21T12:00:00Z');

const DAY_MS = 24 * 60 * 60 * 1000;

/** dayFromNow is TEST_NOW's calendar day moved by `days`, as the API writes a date: YYYY-MM-DD. */
export function dayFromNow(days: number): string {
  return new Date(TEST_NOW.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** instantFromNow is an ISO timestamp `days` from TEST_NOW's day at the given UTC time (HH:MM). */
export function instantFromNow(days: number, time = '10:00'): string {
  return `${dayFromNow(days)}T${time}:00Z`;
}

/** yearFromNow is TEST_NOW's calendar year moved by `years`, for dates whose day is data. */
export function yearFromNow(years = 0): number {
  return TEST_NOW.getUTCFullYear() + years;
}

/** dayLabel is how the pages print that day: "Nov 21, 2026". */
export function dayLabel(days: number): string {
  return new Date(`${dayFromNow(days)}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
