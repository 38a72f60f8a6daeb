import { currentLocale } from './locale';

// The first day of the week (0 = Sunday … 6 = Saturday) of the languages Garden speaks, for
// browsers without Intl.Locale's week information (Firefox). Brazil starts on Sunday; the
// others on Monday. English follows the app's own rule (spec 01 §9: Monday).
const FIRST_DAY: Record<string, number> = { 'pt-BR': 0 };

type WeekInfo = { firstDay: number };
type LocaleWithWeek = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * firstDayOfWeek: the weekday a calendar week starts on in the locale, 0 (Sunday) to 6
 * (Saturday). English keeps Monday (the spec's week); another language asks
 * Intl.Locale's week information (firstDay 1–7, Monday–Sunday), else the table above.
 */
export function firstDayOfWeek(locale: string = currentLocale()): number {
  if (locale === 'en') return 1;
  try {
    const intl = new Intl.Locale(locale) as LocaleWithWeek;
    const info = intl.getWeekInfo?.() ?? intl.weekInfo;
    if (info && typeof info.firstDay === 'number') return info.firstDay % 7;
  } catch {
    // an engine without Intl.Locale: the table below
  }
  return FIRST_DAY[locale] ?? 1;
}
