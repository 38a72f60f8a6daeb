/*
 * Area catalogues (issue #25): each feature area beside the core (shell, sign-in, dashboard,
 * shared components) has catalogues of its own, src/locales/<area>/<lang>.json, so converting
 * a feature costs the first load nothing. This module comes with the first area's page
 * (routes.tsx areaPage), not with the first load, and loads the area's catalogue in the shown
 * language; a language switch loads every opened area's in the new one (localeLoaders).
 */
import type { Messages } from '@lingui/core';
import { i18n, localeLoaders } from './i18n';
import { currentLocale } from './locale';

/** A feature area with catalogues of its own; a new area joins here and in MessageKey. */
export type Area =
  | 'auth'
  | 'dashboard'
  | 'plants'
  | 'settings'
  | 'notifications'
  | 'forum'
  | 'qa'
  | 'journal'
  | 'sharing'
  | 'planning'
  | 'harvests'
  | 'schedule'
  | 'admin'
  | 'plantdb'
  | 'shared';

/** An area's catalogues, one lazily loaded chunk per language, by path. */
export type AreaCatalogues = Record<string, () => Promise<unknown>>;

const areas = new Map<Area, AreaCatalogues>();
/** The area catalogues merged into Lingui so far: "plants/de". */
const loaded = new Set<string>();

async function loadAreaLocale(area: Area, locale: string): Promise<void> {
  if (loaded.has(`${area}/${locale}`)) return;
  const file = Object.entries(areas.get(area) ?? {}).find(([path]) => path.endsWith(`/${locale}.json`));
  // Lingui merges a language's catalogues: the core one's keys and each area's side by side.
  if (file) i18n.load(locale, ((await file[1]()) as { default: Messages }).default);
  loaded.add(`${area}/${locale}`);
}

localeLoaders.push((locale) => Promise.all([...areas.keys()].map((area) => loadAreaLocale(area, locale))));

/**
 * Every area's catalogues, one lazily loaded chunk per area and language: this module is itself
 * fetched with the first area's page (routes.tsx), so the list costs the first load nothing.
 */
const catalogues = import.meta.glob('../../locales/*/*.json');

function cataloguesOf(area: Area): AreaCatalogues {
  return Object.fromEntries(Object.entries(catalogues).filter(([path]) => path.includes(`/locales/${area}/`)));
}

/**
 * loadArea: an area's catalogue in the shown language, kept for the language switches after.
 * A catalogue that cannot be fetched leaves the keys; the page still opens.
 */
export function loadArea(area: Area): Promise<void> {
  areas.set(area, cataloguesOf(area));
  return loadAreaLocale(area, currentLocale()).catch(() => undefined);
}

/**
 * loadAreaTexts: the loader of an area's pages (routes.tsx areaPage): the area's texts and the
 * shared components' (`shared`: editors, pickers, image fields), so null, React Router's "no data".
 */
export const loadAreaTexts = (area: Area): Promise<null> =>
  Promise.all([loadArea(area), loadArea('shared')]).then(() => null);

/** isAreaLoaded: the area's catalogue in the shown language is merged already (lib/i18n/use-area-texts.ts). */
export function isAreaLoaded(area: Area): boolean {
  return areas.has(area) && loaded.has(`${area}/${currentLocale()}`);
}

/** keepArea: the Vitest setup's area, already shown in `locale` (loaded synchronously). */
export function keepArea(area: Area, catalogues: AreaCatalogues, locale: string): void {
  areas.set(area, catalogues);
  loaded.add(`${area}/${locale}`);
}
