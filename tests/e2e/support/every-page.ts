// What the every-page specs share (specs/every-page*.spec.ts, issue 27 items 7 and 12, issue 25
// item 7): the seeded garden, the route lists, and the checks each route gets: axe-core finds no
// serious or critical violation at 1280 and 390 px, in the light and the dark theme, and at 360,
// 390 and 768 px no page scrolls sideways and no button is cut (outside the window, or its label
// clipped).
//
// The routes are split over several spec files (by area) so that the two Playwright workers share
// them: one file runs on one worker, and every route checked in one file was the long pole of the
// whole browser step (11 of its 13.5 minutes). Each file signs in as its own superadmin and seeds
// its own garden (seed below), so a file runs alone, in any order, beside any other.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, scrollThrough, SHOTS } from '../fixtures';
import { E2E_DIR } from './server';

/** Widths axe-core checks. */
const AXE_WIDTHS = [1280, 390];
/** Widths that must not scroll sideways nor cut a button. */
const FIT_WIDTHS = [768, 390, 360];

/** The ids of the things seeded for the routes with parameters. */
export interface Seeded {
  plantId: number;
  plantDbId: number;
  layoutId: number;
  planId: number;
  harvestId: number;
  categorySlug: string;
  topicId: number;
  listingId: number;
  questionId: number;
}

/** api calls the API from the page with the signed-in token; fails on a non-2xx answer. */
async function api<T = any>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const { status, text } = await page.evaluate(
    async ({ method, url, body }) => {
      const r = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, text: await r.text() };
    },
    { method, url, body },
  );
  if (status < 200 || status > 299) throw new Error(`${method} ${url}: ${status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A day in the past or future as YYYY-MM-DD, from the real clock (the server's). */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** seed makes the things every page shows: plants (some overdue), a task, a journal entry, a
 *  layout with a planted bed, rotation groups and a plan, a harvest, a forum topic, a listing and
 *  an answered question, and a plant database item. The garden is the signed-in user's own; the
 *  community items and the database item are shared by every user, so their titles carry `tag`
 *  (the spec file's area) to tell one file's from another's. */
export async function seed(page: Page, tag: string): Promise<Seeded> {
  const plants: { id: number }[] = [];
  const types = ['Herbs', 'Vegetables', 'Fruits', 'Flowers'];
  for (let i = 0; i < 6; i++) {
    plants.push(
      await api(page, 'POST', '/api/plants', {
        name: `Every Page Plant with a rather long name ${i + 1}`,
        species: 'Ocimum basilicum',
        plantType: types[i % types.length],
        waterFrequency: 3,
        fertilizerFrequency: 30,
        lastWatered: `${day(-6 + i)}T08:00:00Z`,
        location: 'Kitchen window',
      }),
    );
  }
  const plantId = plants[0].id;
  await api(page, 'POST', '/api/care-tasks', {
    plantId,
    taskType: 'water',
    scheduledDate: day(-2),
    notes: 'Deep soak',
    isRecurring: false,
    recurringDays: null,
  });
  await api(page, 'POST', '/api/journal-entries', {
    plantId,
    title: 'First true leaves on the basil',
    content: 'Four leaves, bright green, no pests.',
    growthStage: 'Seedling',
    entryDate: day(-1),
  });
  const layout = await api(page, 'POST', '/api/garden-layouts', {
    name: 'Every page vegetable patch',
    width: 20,
    height: 10,
    beds: [
      { name: 'Raised bed by the fence', x: 1, y: 1, width: 4, height: 8, plantings: [{ plantId, count: 3 }] },
      { name: 'Herb spiral', x: 7, y: 1, width: 4, height: 8 },
      { name: 'Bed 3', x: 13, y: 1, width: 6, height: 3 },
    ],
  });
  await api(page, 'POST', '/api/crop-rotation/groups/seed-classic');
  const groups = await api<{ id: number }[]>(page, 'GET', '/api/crop-rotation/groups');
  const startYear = new Date().getFullYear();
  const plan = await api(page, 'POST', '/api/crop-rotation/plans', {
    name: 'Every page four-year rotation',
    startYear,
    duration: 4,
    layoutId: layout.id,
  });
  const full = await api<{ rows: { bedId: number }[] }>(page, 'GET', `/api/crop-rotation/plans/${plan.id}`);
  const assignments = full.rows.flatMap((row, r) =>
    [0, 1, 2, 3].map((y) => ({ bedId: row.bedId, year: startYear + y, groupId: groups[(r + y) % groups.length].id })),
  );
  await api(page, 'PUT', `/api/crop-rotation/plans/${plan.id}/assignments`, { assignments });
  const harvest = await api(page, 'POST', '/api/harvests', { plantId, quantity: 250, unit: 'g', notes: 'Morning pick' });
  const categories = await api<{ id: number; slug: string }[]>(page, 'GET', '/api/forum/categories');
  const topic = await api(page, 'POST', '/api/forum/topics', {
    title: `Every page (${tag}): when to pinch out basil?`,
    content: '<p>My basil is getting leggy on the windowsill. When should I pinch it out?</p>',
    categoryId: categories[0].id,
  });
  await api(page, 'POST', `/api/forum/topics/${topic.id}/posts`, {
    content: '<p>Pinch above the second pair of leaves once it has six.</p>',
  });
  const listing = await api(page, 'POST', '/api/plant-sharing', {
    title: `Every page (${tag}): spare basil seedlings`,
    plantName: 'Basil',
    plantType: 'Herbs',
    description: 'Six healthy seedlings in small pots, ready to plant out.',
    listingType: 'Free',
    quantity: 6,
    location: 'Town centre',
  });
  const question = await api(page, 'POST', '/api/expert-qa', {
    title: `Every page (${tag}): yellow leaves on my tomatoes`,
    content: '<p>The lower leaves of my tomato plants turn yellow. Is it a deficiency?</p>',
    tags: ['tomatoes', 'leaves'],
  });
  const answer = await api(page, 'POST', `/api/expert-qa/${question.id}/answers`, {
    content: '<p>Most likely nitrogen: feed them, and water at the base.</p>',
  });
  await api(page, 'POST', `/api/expert-qa/${question.id}/answers/${answer.id}/accept`);
  const item = await api(page, 'POST', '/api/plant-database', {
    commonName: `Every Page Sweet Basil (${tag})`,
    scientificName: 'Ocimum basilicum',
    plantType: 'Herbs',
    description: 'A tender annual herb.',
  });
  return {
    plantId,
    plantDbId: item.id,
    layoutId: layout.id,
    planId: plan.id,
    harvestId: harvest.id,
    categorySlug: categories[0].slug,
    topicId: topic.id,
    listingId: listing.id,
    questionId: question.id,
  };
}

/**
 * Every route of web/src/app/routes/routes.tsx a superadmin can open, with seeded ids, by area:
 * each area is checked by its own spec file. A new route goes into one of these lists (the
 * signed-in community pages are publicRoutes, checked signed in and signed out).
 */
export const signedInAreas = {
  /** specs/every-page.spec.ts */
  garden: (s: Seeded) => [
    '/',
    '/plants',
    `/plants/${s.plantId}`,
    `/plants/${s.plantId}/qrcode`,
    '/schedule',
    '/journal',
    '/plant-database',
    `/plant-database/${s.plantDbId}`,
  ],
  /** specs/every-page-planning.spec.ts */
  planning: (s: Seeded) => [
    '/planning/garden-layouts',
    '/planning/garden-layouts/new',
    `/planning/garden-layouts/${s.layoutId}`,
    '/planning/crop-rotation',
    '/planning/crop-rotation/groups',
    '/planning/crop-rotation/new',
    `/planning/crop-rotation/${s.planId}`,
    '/planning/harvest-tracking',
    '/planning/harvest-tracking/new',
    `/planning/harvest-tracking/${s.harvestId}/edit`,
    '/settings',
  ],
  /** specs/every-page-admin.spec.ts */
  admin: (s: Seeded) => [
    '/admin',
    '/admin/plant-database',
    '/admin/plant-database?tab=ecommerce',
    '/admin/plants/new',
    `/admin/plants/${s.plantDbId}`,
    '/admin/sites',
    '/admin/users',
    '/admin/site-users',
    '/admin/maintenance',
    '/admin/notifications',
    '/admin/forum-categories',
  ],
  /** specs/every-page-community.spec.ts (signed in; signed out: every-page-signed-out.spec.ts) */
  community: (s: Seeded) => publicRoutes(s),
};

/** The pages a signed-out visitor opens besides the public routes. */
export const SIGNED_OUT_ROUTES = ['/auth', '/login/oidc'];

/** The routes a visitor can open (the optional layout), and the 404 page. */
export function publicRoutes(s: Seeded): string[] {
  return [
    '/community/forum',
    `/community/forum/category/${s.categorySlug}`,
    `/community/forum/topic/${s.topicId}`,
    '/community/forum/new',
    '/community/plant-sharing',
    '/community/plant-sharing/new',
    `/community/plant-sharing/${s.listingId}`,
    '/community/expert-qa',
    '/community/expert-qa/new',
    `/community/expert-qa/${s.questionId}`,
    '/api/docs',
    '/no-such-page',
  ];
}

/** settle waits until the page has its heading and nothing on it is loading. */
export async function settle(page: Page) {
  const where = new URL(page.url()).pathname;
  // A busy two-core machine can take a while to fetch a page's chunk and data: 20 s each.
  // Swagger UI (/api/docs) titles its document with an h2 of its own.
  await page
    .locator('h1, .api-docs .swagger-ui')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch((error: Error) => {
      throw new Error(`${where}: no h1 within 20 s (${error.message.split('\n')[0]})`);
    });
  // What a page draws only as it comes near the window (components/ui/when-near) is checked too.
  if ((await page.locator('[data-when-near]').count()) > 0) await scrollThrough(page);
  await expect(page.locator('[aria-busy="true"], .skeleton, .fullscreen-spinner'), `${where} is still loading`).toHaveCount(0, {
    timeout: 20_000,
  });
  await page.waitForLoadState('networkidle');
}

/**
 * Rules that fail the spec whatever their impact: the heading order and the one `main` landmark
 * (both "moderate" for axe-core) were part of issue 27's findings.
 */
const ALWAYS_FAIL = new Set(['heading-order', 'landmark-one-main']);

/** The tags of the rules axe-core runs in the light theme. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'];

/**
 * The rules whose outcome can change with the theme: axe-core 4's rules of category `cat.color`
 * that the tags above run (color-contrast-enhanced, the third, is WCAG AAA and runs in neither).
 * The dark theme changes colours and nothing else (docs/decisions.md, "CI time"):
 *   - lib/theme.ts only sets <html data-theme>; no component renders differently for it but the
 *     harvest charts, which pick their first bar's colour from it at render (and are not
 *     re-rendered by the in-place switch below anyway);
 *   - every `[data-theme='dark']` rule of web/src (styles/index.css and six feature files)
 *     declares only `color-scheme`, `color`, `background`, `border-color` and custom properties,
 *     and every custom property it redefines holds a colour, or a shadow (`--shadow*`,
 *     `--focus-ring`: box-shadow, which does not move anything);
 * so the DOM, its roles, names, headings, landmarks, sizes and positions are the same in both
 * themes, and every other rule's outcome is the light pass's. Running only these two rules in
 * the dark pass halves the axe-core work per route. A new `[data-theme='dark']` rule that
 * changes anything but colours must take this shortcut out.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe finds the serious and critical violations of the page, one line each: every rule of
 * AXE_TAGS, or with `colours` only COLOUR_RULES. The accessible name must contain the visible
 * label (label-content-name-mismatch, WCAG 2.5.3: an experimental rule, off by default).
 * Swagger UI's own markup on /api/docs is left out: it is a vendored library's DOM
 * (docs/decisions.md, "Phone layouts and AA contrast").
 *
 * Legacy mode runs axe.run in the page itself. The default (axe.runPartial in every frame,
 * then axe.finishRun in a blank page it opens and closes) exists for cross-origin iframes,
 * which the app has none of (no <iframe> in web/src); opening that page four times per route
 * was some two thirds of the time axe took here.
 */
async function axe(page: Page, where: string, { colours = false } = {}): Promise<string[]> {
  const builder = colours ? new AxeBuilder({ page }).withRules(COLOUR_RULES) : new AxeBuilder({ page }).withTags(AXE_TAGS).disableRules(['region']);
  const result = await builder.exclude('.swagger-ui').setLegacyMode().analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS_FAIL.has(v.id))
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`));
}

/**
 * setTheme switches the loaded page to a theme as the Settings card does (lib/theme.ts: local
 * storage and <html data-theme>), without a reload: each route is loaded once for both themes.
 */
async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((theme) => {
    localStorage.setItem('garden-theme', theme);
    document.documentElement.dataset.theme = theme;
  }, theme);
  await page.waitForTimeout(50);
}

/** misfits lists the sideways scroll and the cut buttons of the page at its current width. */
async function misfits(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) out.push(`scrolls sideways (${root.scrollWidth} > ${root.clientWidth} px)`);
    const width = document.documentElement.clientWidth;
    /** An ancestor that scrolls sideways on purpose (a table, a strip) holds its buttons. */
    const inScroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX;
        if ((ox === 'auto' || ox === 'scroll') && a.scrollWidth > a.clientWidth) return true;
      }
      return false;
    };
    const name = (el: Element) => (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40);
    for (const el of document.querySelectorAll('button, a.btn, [role="button"], [role="tab"]')) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], .visually-hidden')) continue;
      if ((box.left < -1 || box.right > width + 1) && !inScroller(el)) {
        out.push(`button "${name(el)}" is outside the window (${Math.round(box.left)}–${Math.round(box.right)} of ${width} px)`);
      } else if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible' && style.textOverflow !== 'ellipsis') {
        out.push(`button "${name(el)}" cuts its label (${el.scrollWidth} > ${el.clientWidth} px)`);
      }
    }
    return out;
  });
  return found.map((line) => `${where}: ${line}`);
}

/** shots photographs the page at every width, and in the dark theme at 1280 and 390 px
 *  (EVERY_PAGE_SHOTS=<regexp of routes>), to look at the layouts. */
async function shots(page: Page, route: string) {
  const name = route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'dashboard';
  for (const width of [1280, 768, 390, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(100);
    await page.screenshot({ path: path.join(SHOTS, 'every-page', `${name}-${width}.png`), fullPage: true });
  }
  await setTheme(page, 'dark');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(100);
    await page.screenshot({ path: path.join(SHOTS, 'every-page', `${name}-dark-${width}.png`), fullPage: true });
  }
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * visit opens a route and waits for it to settle; a page that does not settle is a finding of
 * its own (false), and the other routes are still checked.
 */
async function visit(page: Page, route: string, findings: string[]): Promise<boolean> {
  await page.goto(route);
  return settle(page).then(
    () => true,
    (error: Error) => {
      findings.push(`${route}: ${error.message.split('\n')[0]}`);
      return false;
    },
  );
}

/** Only the routes matching EVERY_PAGE_ONLY (a regular expression), while working on a page. */
const only = (routes: string[]) => routes.filter((r) => new RegExp(process.env.EVERY_PAGE_ONLY || '.').test(r));

/** check visits each route: axe at the axe widths, fit at the fit widths. */
export async function check(page: Page, routes: string[]): Promise<{ axeFindings: string[]; fitFindings: string[] }> {
  const axeFindings: string[] = [];
  const fitFindings: string[] = [];
  for (const route of only(routes)) {
    await page.setViewportSize({ width: 1280, height: 800 });
    if (!(await visit(page, route, axeFindings))) continue;
    if (process.env.EVERY_PAGE_SHOTS && new RegExp(process.env.EVERY_PAGE_SHOTS).test(route)) await shots(page, route);
    for (const width of [...new Set([...AXE_WIDTHS, ...FIT_WIDTHS])].sort((a, b) => b - a)) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(50);
      if (FIT_WIDTHS.includes(width)) fitFindings.push(...(await misfits(page, `${route} at ${width} px`)));
      if (AXE_WIDTHS.includes(width)) axeFindings.push(...(await axe(page, `${route} at ${width} px`)));
    }
    // The dark theme at the axe widths, narrowest first (the window is at its narrowest now):
    // only the rules a theme can change (COLOUR_RULES).
    await setTheme(page, 'dark');
    for (const width of [...AXE_WIDTHS].sort((a, b) => a - b)) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(50);
      axeFindings.push(...(await axe(page, `${route} (dark) at ${width} px`, { colours: true })));
    }
    await setTheme(page, 'light');
    // Each route's findings as they come: a run cut short by its timeout still tells them.
    const found = [...axeFindings, ...fitFindings].filter((line) => line.startsWith(`${route} `) || line.startsWith(`${route}:`));
    if (found.length > 0) console.log(found.join('\n'));
  }
  return { axeFindings, fitFindings };
}


/** The web app's catalogues of one language, the core's and every area's, merged by key. */
function catalogue(lang: string): Record<string, string> {
  const dir = path.join(E2E_DIR, '..', '..', 'web', 'src', 'locales');
  const areas = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return Object.assign(
    {},
    ...['', ...areas].map((area) => JSON.parse(readFileSync(path.join(dir, area, `${lang}.json`), 'utf8')) as Record<string, string>),
  );
}

/**
 * English sentences a German page must not show: the texts of English's catalogues of two words
 * or more, without placeholders, whose German differs (a German page showing one means a text
 * that did not follow the language). A gardener's own words (the seeded garden is English) are
 * not in the catalogues.
 */
function englishOnly(): Set<string> {
  const en = catalogue('en');
  const de = catalogue('de');
  return new Set(
    Object.entries(en)
      .filter(([key, text]) => !text.includes('{') && text.trim().split(/\s+/).length >= 2 && de[key] !== text)
      .map(([, text]) => text.trim()),
  );
}

/**
 * untranslated lists what a page in another language shows of English: a catalogue key shown
 * as such ("forum.reply.title": a text whose area catalogue the page did not load) and a line
 * that is an English catalogue text (see englishOnly).
 */
async function untranslated(page: Page, where: string, english: Set<string>): Promise<string[]> {
  const lines = await page.evaluate(() => {
    const texts = document.body.innerText.split('\n');
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const attr of ['aria-label', 'placeholder', 'title']) texts.push(el.getAttribute(attr) ?? '');
    }
    return texts.map((t) => t.trim()).filter(Boolean);
  });
  const found = new Set<string>();
  for (const line of lines) {
    if (/^[a-z][a-zA-Z]*(\.[a-zA-Z0-9]+)+$/.test(line)) found.add(`${where}: shows the key "${line}"`);
    else if (english.has(line)) found.add(`${where}: shows English "${line}"`);
  }
  return [...found];
}

/**
 * checkIn visits each route in `lang` (the signed-in gardener's saved language and the device's,
 * as the Settings card sets them) at the narrowest fit width, where a longer language cuts
 * first: nothing in English, no sideways scroll, no cut button. The language is English again
 * afterwards, whatever happened.
 */
export async function checkIn(page: Page, lang: string, routes: string[]): Promise<string[]> {
  const english = englishOnly();
  const findings: string[] = [];
  const setLanguage = async (language: string) => {
    await api(page, 'PATCH', '/api/user/settings', { language });
    await page.evaluate((language) => localStorage.setItem('garden-language', language), language);
  };
  await setLanguage(lang);
  try {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const route of only(routes)) {
      if (!(await visit(page, route, findings))) continue;
      await expect(page.locator('html'), `${route} is shown in ${lang}`).toHaveAttribute('lang', lang);
      findings.push(...(await untranslated(page, `${route} (${lang})`, english)));
      findings.push(...(await misfits(page, `${route} (${lang}) at 360 px`)));
    }
  } finally {
    await setLanguage('en');
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  if (findings.length > 0) console.log(findings.join('\n'));
  return findings;
}

/** What the steps a spec file adds to its suite can use, once the suite's first step has run. */
export interface SuiteContext {
  /** The signed-in superadmin's page (one browser context for the whole file). */
  page: () => Page;
  /** The ids the suite seeded. */
  seeded: () => Seeded;
}

/**
 * describeEveryPage is one spec file's suite: a superadmin of its own (every-page-<area>-e2e)
 * signs in and seeds a garden (seed), `steps` adds the file's own scenarios, then the routes
 * are checked signed in (`signedIn`) and/or signed out (`signedOut`), and the signed-in page
 * must have logged no uncaught error nor console error.
 */
export function describeEveryPage(
  title: string,
  options: {
    area: string;
    signedIn?: (s: Seeded) => string[];
    signedOut?: (s: Seeded) => string[];
    steps?: (ctx: SuiteContext) => void;
  },
) {
  const keeper = { username: `every-page-${options.area}-e2e`, password: `secret-pass-every-page-${options.area}` };
  test.describe(title, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    let errors: string[];
    let seeded: Seeded;

    test.beforeAll(async ({ createUser, openPage, collectErrors }) => {
      await createUser(keeper, '--role', 'superadmin');
      page = await openPage();
      errors = collectErrors(page);
    });
    test.afterAll(async ({ closePages }) => closePages());

    test('signs in and fills the garden', async ({ signIn, dismissToasts }) => {
      test.setTimeout(120_000); // some twenty API calls: slow on a busy machine
      await signIn(page, keeper.username, keeper.password);
      await dismissToasts(page);
      seeded = await seed(page, options.area);
    });

    options.steps?.({ page: () => page, seeded: () => seeded });

    const signedIn = options.signedIn;
    if (signedIn) {
      test('every page signed in: no serious or critical axe finding, no sideways scroll, no cut button', async () => {
        // Each route at five widths, axe-core four times (twice on colours only): some 15 s a
        // route on a busy two-core machine, with room to spare.
        test.setTimeout(60_000 + 30_000 * signedIn(seeded).length);
        const { axeFindings, fitFindings } = await check(page, signedIn(seeded));
        expect({ axeFindings, fitFindings }).toEqual({ axeFindings: [], fitFindings: [] });
      });
    }

    if (signedIn) {
      test('every page signed in, in German: no English text, no sideways scroll, no cut button at 360 px', async () => {
        test.setTimeout(60_000 + 10_000 * signedIn(seeded).length);
        expect(await checkIn(page, 'de', signedIn(seeded))).toEqual([]);
      });
    }

    const signedOut = options.signedOut;
    if (signedOut) {
      test('signed out: no serious or critical axe finding, no sideways scroll, no cut button', async ({ openPage }) => {
        test.setTimeout(60_000 + 30_000 * signedOut(seeded).length);
        const visitor = await openPage();
        const { axeFindings, fitFindings } = await check(visitor, signedOut(seeded));
        expect({ axeFindings, fitFindings }).toEqual({ axeFindings: [], fitFindings: [] });
      });
    }

    test('no uncaught errors or console errors', () => {
      expect(errors).toEqual([]);
    });
  });
}
