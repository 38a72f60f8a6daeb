import { describe, expect, it } from 'vitest';
import { translateMessage } from '@/lib/i18n/i18n';
import { checkImageFile, listingSchema, MAX_IMAGE_BYTES } from './create-listing';

const valid = { title: 'Spare mint', plantName: 'Mint', plantType: 'Herbs', listingType: 'Free' as const, quantity: 1 };
const firstMessage = (input: object, field: string) => {
  const r = listingSchema.safeParse({ ...valid, ...input });
  expect(r.success).toBe(false);
  const message = r.error?.issues.find((i) => i.path[0] === field)?.message;
  return message === undefined ? undefined : translateMessage(message);
};

describe('listingSchema', () => {
  it('carries the spec messages', () => {
    expect(firstMessage({ title: 'ab' }, 'title')).toBe('Title must be at least 3 characters');
    expect(firstMessage({ title: 'x'.repeat(101) }, 'title')).toBe('Title cannot exceed 100 characters');
    expect(firstMessage({ plantName: ' ' }, 'plantName')).toBe('Plant name is required');
    expect(firstMessage({ plantType: '' }, 'plantType')).toBe('Plant type is required');
    expect(firstMessage({ listingType: '' }, 'listingType')).toBe('Listing type is required');
    expect(firstMessage({ quantity: 0 }, 'quantity')).toBe('Quantity must be a whole number of at least 1');
    expect(firstMessage({ quantity: 1.5 }, 'quantity')).toBe('Quantity must be a whole number of at least 1');
    expect(firstMessage({ quantity: undefined }, 'quantity')).toBe('Quantity must be a whole number of at least 1');
    expect(firstMessage({ listingType: 'Sell', price: -1 }, 'price')).toBe('Price must be 0 or greater');
    expect(firstMessage({ listingType: 'Sell', price: 1.234 }, 'price')).toBe('Price can have at most two decimals');
  });

  it('sends a price only for Sell', () => {
    expect(listingSchema.parse({ ...valid, listingType: 'Sell', price: 4.5 }).price).toBe(4.5);
    expect(listingSchema.parse({ ...valid, listingType: 'Swap', price: 4.5 }).price).toBeNull();
    expect(listingSchema.parse({ ...valid, listingType: 'Sell' }).price).toBeNull();
  });

  it('checks a photo before uploading it', () => {
    expect(checkImageFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(checkImageFile(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBe('Choose a JPG, PNG, GIF or WebP image');
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(checkImageFile(big)).toBe('The image is larger than 5MB');
  });
});
