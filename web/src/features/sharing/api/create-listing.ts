import { z } from 'zod';
import { apiJSON } from '@/api/client';
import { t } from '@/lib/i18n/i18n';
import { LISTING_TYPES, type Listing } from './types';

/** The image limit stated on the page (spec 02 §9), checked before uploading. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The New Listing form with the spec's messages (spec 02 §5), as catalogue keys. */
export const listingSchema = z
  .object({
    title: z.string().trim().min(3, 'sharing.form.titleMin3').max(100, 'sharing.form.titleMax100'),
    plantName: z.string().trim().min(1, 'sharing.form.plantNameRequired'),
    plantType: z.string().trim().min(1, 'sharing.form.plantTypeRequired'),
    species: z.string().trim().optional(),
    description: z.string().trim().max(5000, 'sharing.form.descriptionMax5000').optional(),
    listingType: z.enum(LISTING_TYPES, { error: 'sharing.form.listingTypeRequired' }),
    quantity: z
      .number({ error: 'sharing.form.quantityMin1' })
      .int('sharing.form.quantityMin1')
      .min(1, 'sharing.form.quantityMin1'),
    price: z.number({ error: 'sharing.form.priceMin0' }).min(0, 'sharing.form.priceMin0').optional(),
    location: z.string().trim().optional(),
    imageUrl: z.string().optional(),
    plantId: z.number().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.listingType === 'Sell' && v.price !== undefined && Math.round(v.price * 100) !== v.price * 100) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'sharing.form.priceDecimals' });
    }
  })
  .transform((v) => ({ ...v, price: v.listingType === 'Sell' ? (v.price ?? null) : null }));

export type ListingFormInput = z.input<typeof listingSchema>;
export type NewListing = z.output<typeof listingSchema>;

/** createListing: POST /api/plant-sharing (the server makes the caller the owner). */
export function createListing(listing: NewListing) {
  return apiJSON<Listing>('POST', '/api/plant-sharing', listing);
}

/** uploadListingImage: POST /api/plant-sharing/{id}/image as multipart with the field image. */
export function uploadListingImage(id: number, file: File) {
  const form = new FormData();
  form.append('image', file, file.name);
  return apiJSON<Listing>('POST', `/api/plant-sharing/${id}/image`, form);
}

/** checkImageFile answers the message for a file the server would refuse, else null. */
export function checkImageFile(file: File): string | null {
  if (!['image/jpeg', 'image/png', 'image/gif', 'image/webp'].includes(file.type)) return t('sharing.photo.wrongType');
  if (file.size > MAX_IMAGE_BYTES) return t('sharing.photo.tooLarge');
  return null;
}
