import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { keepArea, type Area } from '@/lib/i18n/areas';
import { loadLocaleSync, registerCatalogues } from '@/lib/i18n/i18n';
import { pageNavigation } from '@/lib/navigation';
import en from '@/locales/en.json';
import { preloadAll } from '@/lib/preload';
import { TEST_NOW } from './clock';
import { resetDb } from './mock-api';
import { server } from './server';

// Lazy route chunks load slowly on a busy machine (a CI runner doing a Go build beside it):
// give findBy* queries more time. A test still fails fast when what it awaits never comes.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Tests read English, the source language, loaded at once (no chunk to wait for): the core
// catalogue and every area's (src/locales/<area>/en.json), so a component renders its texts
// without its route; a test that switches languages loads the others as the app does.
registerCatalogues(import.meta.glob('../locales/*.json'));
const areaEnglish = import.meta.glob<Record<string, unknown>>('../locales/*/en.json', { eager: true, import: 'default' });
const areaCatalogues = import.meta.glob('../locales/*/*.json');
for (const path of Object.keys(areaEnglish)) {
  const area = path.split('/').at(-2) as Area;
  const mine = Object.fromEntries(Object.entries(areaCatalogues).filter(([file]) => file.includes(`/${area}/`)));
  keepArea(area, mine, 'en');
}
const english = Object.assign({}, en, ...Object.values(areaEnglish)) as never;
const showEnglish = () => loadLocaleSync('en', english);
showEnglish();
// The chunks that load just after the first page (the toast renderer, the header's menus) are
// fetched before the file's first test, so no test's outcome depends on whether it ran first
// in its file (the order is shuffled) or on how busy the machine is.
beforeAll(() => preloadAll());

beforeEach(() => {
  // Every test starts at the same instant (testing/clock.ts), whatever day the suite runs on.
  // Only Date is faked, and it advances in real time from there: promises, setTimeout and SWR's
  // revalidation run as they do in the browser. A test that fakes timers itself starts from it.
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW, shouldAdvanceTime: true });
  // jsdom cannot load documents: record full page loads instead.
  vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
  vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  server.resetHandlers();
  resetDb();
  window.localStorage.clear();
  showEnglish();
  window.sessionStorage.clear();
  document.documentElement.style.removeProperty('--banner-h');
  delete document.documentElement.dataset.theme;
});

afterAll(() => server.close());

// Radix primitives measure elements and observe sizes; jsdom lacks these.
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.setPointerCapture = () => {};
}
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
window.scrollTo = (() => {}) as typeof window.scrollTo;
