import { t } from './i18n/i18n';

/** Site limits: 0 means unlimited (spec 02 §9), shown as an infinity sign or "Unlimited". */

export const INFINITY_SIGN = '∞';

/** limitSymbol: "∞" for 0 (unlimited), else the number. */
export function limitSymbol(limit: number | null | undefined): string {
  return !limit ? INFINITY_SIGN : String(limit);
}

/** limitText: "Unlimited" for 0 (in the shown language: the admin pages', the only ones showing limits), else the number. */
export function limitText(limit: number | null | undefined): string {
  return !limit ? t('admin.limit.unlimited') : String(limit);
}

/** isLimitReached: the count has reached a limit above 0 (spec 02 §4). */
export function isLimitReached(count: number, limit: number | null | undefined): boolean {
  return typeof limit === 'number' && limit > 0 && count >= limit;
}
