/** The listing types of spec 02 §9; Free is the form's default. */
export const LISTING_TYPES = ['Free', 'Swap', 'Sell'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** The fixed plant types of spec 02 §3; the filter adds any other found in listings. */
export { PLANT_TYPES } from '@/api/types';
import type { Narrow, Schemas } from '@/api/types';

/**
 * A plant listing (spec 02 §3; docs/api.md "Plant sharing") and a message about one: the schemas
 * of the OpenAPI document (src/api/schema.d.ts, `make api-types`). The document says a string
 * for listingType and status; the server writes one of ListingType and Open or Closed.
 */
export type Listing = Narrow<Schemas['Listing'], { listingType: ListingType; status: 'Open' | 'Closed' }>;

/** A message of one conversation about a listing (spec 02 §3 Listing message). */
export type ListingMessage = Schemas['ListingMessage'];
