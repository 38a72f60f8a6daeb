import { t, type MessageKey } from '@/lib/i18n/i18n';
import { currentLocale } from '@/lib/i18n/locale';
import { formatPounds } from '@/lib/time-ago';
import type { Listing } from './types';

const listingTypes: Record<string, MessageKey> = { Free: 'sharing.type.free', Swap: 'sharing.type.swap', Sell: 'sharing.type.sell' };

/** listingTypeName: a listing type (the API's Free, Swap, Sell) in the shown language; another as is. */
export function listingTypeName(type: string): string {
  const key = listingTypes[type];
  return key ? t(key) : type;
}


/** plantTypeName: a plant type in the shown language (lib/plant-types). */
export { plantTypeName } from '@/lib/plant-types';

/** formatPrice: a price in pounds (spec 02 §2), written as the shown language writes money. */
export function formatPrice(value: number | null | undefined): string {
  const locale = currentLocale();
  if (locale === 'en') return formatPounds(value);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'GBP' }).format(value ?? 0);
}

/** listingTypeLabel is the card's type badge: Free, Swap, or the price in pounds for Sell. */
export function listingTypeLabel(l: Pick<Listing, 'listingType' | 'price'>): string {
  return l.listingType === 'Sell' ? formatPrice(l.price) : listingTypeName(l.listingType);
}

const fallbacks: Record<string, MessageKey> = { Free: 'sharing.fallback.free', Swap: 'sharing.fallback.swap', Sell: 'sharing.fallback.sell' };

/** fallbackDescription stands in for an empty description (spec 02 §2), from plant name and type. */
export function fallbackDescription(l: Pick<Listing, 'plantName' | 'listingType'>): string {
  return t(fallbacks[l.listingType] ?? 'sharing.fallback.other', { name: l.plantName });
}

