/*
 * The web app's translations (issue #25): Lingui's runtime (@lingui/core) with the catalogues
 * of web/src/locales, one chunk per language, compiled from ICU MessageFormat at build time
 * (web/vite-plugins.ts linguiCatalogues), so the browser gets no message parser. docs/i18n.md
 * tells how to convert a feature.
 */
import { i18n, type Messages } from '@lingui/core';
import type en from '@/locales/en.json';
import type authEn from '@/locales/auth/en.json';
import type dashboardEn from '@/locales/dashboard/en.json';
import type plantsEn from '@/locales/plants/en.json';
import type settingsEn from '@/locales/settings/en.json';
import type notificationsEn from '@/locales/notifications/en.json';
import type forumEn from '@/locales/forum/en.json';
import type qaEn from '@/locales/qa/en.json';
import type journalEn from '@/locales/journal/en.json';
import type sharingEn from '@/locales/sharing/en.json';
import type planningEn from '@/locales/planning/en.json';
import type harvestsEn from '@/locales/harvests/en.json';
import type scheduleEn from '@/locales/schedule/en.json';
import type adminEn from '@/locales/admin/en.json';
import type plantdbEn from '@/locales/plantdb/en.json';
import type sharedEn from '@/locales/shared/en.json';
import { browserLanguage } from '@/lib/language';
import { readStored, writeStored } from '@/lib/local-storage';
import { currentLocale, isGardenLocale, LOCALE_KEY, setCurrentLocale, SOURCE_LOCALE } from './locale';

/**
 * A key of an English catalogue, the core one or an area's (lib/i18n/areas.ts): t('nav.plants')
 * and t('plants.limit.title') are checked by the TypeScript compiler. A new area's English file
 * joins this union (docs/i18n.md).
 */
export type MessageKey =
  | keyof typeof en
  | keyof typeof authEn
  | keyof typeof dashboardEn
  | keyof typeof plantsEn
  | keyof typeof settingsEn
  | keyof typeof notificationsEn
  | keyof typeof forumEn
  | keyof typeof qaEn
  | keyof typeof journalEn
  | keyof typeof sharingEn
  | keyof typeof planningEn
  | keyof typeof harvestsEn
  | keyof typeof scheduleEn
  | keyof typeof adminEn
  | keyof typeof plantdbEn
  | keyof typeof sharedEn;

/** The values an ICU message takes: {count, plural, …}, {name}, {date, date, medium}. */
export type MessageValues = Record<string, unknown>;

type Loader = () => Promise<{ default: Messages }>;
let catalogues: Record<string, Loader> = {};

/**
 * registerCatalogues: the entry (main.tsx) and the Vitest setup hand over their
 * import.meta.glob of src/locales, one lazily loaded chunk per language. The glob lives in the
 * entry so that Vite's preload helper stays in the entry chunk instead of a chunk of its own.
 */
export function registerCatalogues(loaders: Record<string, () => Promise<unknown>>): void {
  catalogues = Object.fromEntries(
    Object.entries(loaders).map(([path, load]) => [path.replace(/^.*\/|\.json$/g, ''), load as Loader]),
  );
}

function catalogueLoader(locale: string): Loader | undefined {
  return catalogues[locale];
}

const loaded = new Set<string>();

/**
 * What else a language switch loads: lib/i18n/areas.ts adds the catalogues of the areas opened
 * so far (kept out of the first load: it comes with the first area).
 */
export const localeLoaders: ((locale: string) => Promise<unknown>)[] = [];

/**
 * loadLocale fetches a language's catalogue (once), and the opened areas' ones, and shows it; an unknown language shows
 * English. Components follow through useT and LocaleRemount (lib/i18n/provider.tsx).
 */
export async function loadLocale(locale: string): Promise<string> {
  const tag = isGardenLocale(locale) && catalogueLoader(locale) ? locale : SOURCE_LOCALE;
  if (!loaded.has(tag)) {
    const load = catalogueLoader(tag);
    if (load) i18n.load(tag, (await load()).default);
    loaded.add(tag);
  }
  await Promise.all(localeLoaders.map((load) => load(tag)));
  setCurrentLocale(tag);
  i18n.activate(tag);
  warmNumbers();
  return tag;
}

/**
 * The first Intl.NumberFormat of a page costs more than any component of it: ICU loads the
 * language's number data (18 ms on a 2-core test machine, 71 ms at Lighthouse's phone speed),
 * and every plural message ("In 3 days") needs one to write its number. It is made in a task of
 * its own as soon as a language is shown, while the first page still waits for its data,
 * instead of inside the render of the first plural; Lingui keeps it per language.
 */
function warmNumbers(): void {
  if (typeof window === 'undefined') return;
  setTimeout(() => i18n.number(0), 0);
}

/** loadLocaleSync: the Vitest setup shows English without waiting for a chunk. */
export function loadLocaleSync(locale: string, messages: Messages): void {
  loaded.add(locale);
  i18n.load(locale, messages);
  setCurrentLocale(locale);
  i18n.activate(locale);
}

/**
 * chooseLocale is a gardener's or visitor's choice: kept on this device (the sign-in page's
 * picker, Settings) and shown at once.
 */
export function chooseLocale(locale: string): Promise<string> {
  if (isGardenLocale(locale)) writeStored(LOCALE_KEY, locale);
  return loadLocale(locale);
}

/**
 * initialLocale: the language of the first paint: the one chosen on this device (the signed-in
 * gardener's setting once the session says it), else the browser's, else English.
 */
export function initialLocale(): string {
  const stored = readStored(LOCALE_KEY);
  if (isGardenLocale(stored)) return stored;
  return browserLanguage() ?? SOURCE_LOCALE;
}

/** The chosen language on this device, or null (LanguageSync sends it on a first sign-in). */
export function storedLocale(): string | null {
  const stored = readStored(LOCALE_KEY);
  return isGardenLocale(stored) ? stored : null;
}

/** t outside React (schemas, toasts from plain functions): the active language's text. */
export function t(key: MessageKey, values?: MessageValues): string {
  return i18n._(key, values);
}

/**
 * translateMessage: a text that may be a key (a schema's validation message, 'form.usernameMin')
 * in the active language; any other text (the server's messages, already in the gardener's
 * language) as it is.
 */
export function translateMessage(text: string): string {
  return Object.hasOwn(i18n.messages ?? {}, text) ? i18n._(text) : text;
}

export { currentLocale, i18n };
