/*
 * The language the web app shows, as a plain value with no library behind it: the API client
 * (Accept-Language), the date and number helpers and the i18n runtime read it from here, so
 * none of them pulls the translation runtime into its own chunk.
 */
import { gardenLanguage } from '@/lib/language';

/** Where a visitor's or gardener's choice is kept on this device. */
export const LOCALE_KEY = 'garden-language';

/** The source language: every text is first written in it (web/src/locales/en.json). */
export const SOURCE_LOCALE = 'en';

let current = SOURCE_LOCALE;

/** currentLocale: the language the app shows now ("en", "de", "pt-BR"). */
export function currentLocale(): string {
  return current;
}

/** setCurrentLocale records the shown language and puts it on <html lang>. */
export function setCurrentLocale(locale: string): void {
  current = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** isGardenLocale: one of the twelve languages Garden speaks, spelled as Garden spells it. */
export function isGardenLocale(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && gardenLanguage([value]) === value;
}
