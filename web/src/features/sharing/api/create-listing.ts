import { z } from 'zod';
import { apiJSON } from '@/api/client';
import { LISTING_TYPES, type Listing } from './types';

/** The image limit stated on the page (spec 02 §9), checked before uploading. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The New Listing form with the spec's messages (spec 02 §5). */
export const listingSchema = z
  .object({
    title: z.string().trim().min(3, 'Title must be at least 3 characters').max(100, 'Title cannot exceed 100 characters'),
    plantName: z.string().trim().min(1, 'Plant name is required'),
    plantType: z.string().trim().min(1, 'Plant type is required'),
    species: z.string().trim().optional(),
    description: z.string().trim().max(5000, 'Description cannot exceed 5000 characters').optional(),
    listingType: z.enum(LISTING_TYPES, { error: 'Listing type is required' }),
    quantity: z
      .number({ error: 'Quantity must be a whole number of at least 1' })
      .int('Quantity must be a whole number of at least 1')
      .min(1, 'Quantity must be a whole number of at least 1'),
    price: z.number({ error: 'Price must be 0 or greater' }).min(0, 'Price must be 0 or greater').optional(),
    location: z.string().trim().optional(),
    imageUrl: z.string().optional(),
    plantId: z.number().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.listingType === 'Sell' && v.price !== undefined && Math.round(v.price * 100) !== v.price * 100) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'Price can have at most two decimals' });
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
  if (!['image/jpeg', 'image/png', 'image/gif', 'image/webp'].includes(file.type)) return 'Choose a JPG, PNG, GIF or WebP image';
  if (file.size > MAX_IMAGE_BYTES) return 'The image is larger than 5MB';
  return null;
}
