/*
 * Area catalogues (issue #25): each feature area beside the core (shell, sign-in, dashboard,
 * shared components) has catalogues of its own, src/locales/<area>/<lang>.json, so converting
 * a feature costs the first load nothing. An area's index (src/locales/<area>/index.ts) is
 * fetched with the area's pages (routes.tsx) and loads its catalogue in the shown language;
 * a language switch loads every opened area's in the new one (localeLoaders). This module comes
 * with the first area, not with the first load.
 */
import type { Messages } from '@lingui/core';
import { i18n, localeLoaders } from './i18n';
import { currentLocale } from './locale';

/** A feature area with catalogues of its own; a new area joins here and in MessageKey. */
export type Area =
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

/** An area's import.meta.glob of its catalogues, one lazily loaded chunk per language. */
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
 * loadArea: an area's catalogue in the shown language (its index calls it when a page of the
 * area is opened), kept for the language switches after.
 */
export function loadArea(area: Area, catalogues: AreaCatalogues): Promise<void> {
  areas.set(area, catalogues);
  return loadAreaLocale(area, currentLocale()).catch(() => undefined);
}

/** keepArea: the Vitest setup's area, already shown in `locale` (loaded synchronously). */
export function keepArea(area: Area, catalogues: AreaCatalogues, locale: string): void {
  areas.set(area, catalogues);
  loaded.add(`${area}/${locale}`);
}
