// Listings: categories, filters and the listing form (spec sections 3 and 5).
import { z } from 'zod';
import { listingImageCap } from './tiers';

export const listingCategories = [
  { value: 'electronics', label: 'Electronics' },
  { value: 'clothing', label: 'Clothing' },
  { value: 'home', label: 'Home & Garden' },
  { value: 'sports', label: 'Sports' },
  { value: 'books', label: 'Books & Media' },
  { value: 'other', label: 'Other' },
] as const;
export type ListingCategory = (typeof listingCategories)[number]['value'];
export const listingCategoryValues = listingCategories.map((c) => c.value) as [ListingCategory, ...ListingCategory[]];

export const locationFilters = ['sydney', 'melbourne', 'brisbane', 'perth', 'adelaide'] as const;
export const sortOptions = ['newest', 'price-low', 'price-high', 'distance'] as const;
export type SortOption = (typeof sortOptions)[number];

export const listingMessages = {
  titleTooShort: 'Title must be at least 3 characters',
  titleTooLong: 'Title must be at most 100 characters',
  descriptionTooShort: 'Description must be at least 10 characters',
  descriptionTooLong: 'Description must be at most 5000 characters',
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be a valid positive number under $10 billion',
  categoryRequired: 'Category is required',
  tooManyImages: 'Too many images',
} as const;

/** spec 9: price is numeric(12,2), at most 9999999999.99. */
export const maxPrice = '9999999999.99';
const pricePattern = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * A price as the member typed it, checked as text so no float ever touches money.
 * Returns the canonical "1234.50" form, or null when it is not a valid positive price.
 */
export function parsePrice(input: string): string | null {
  const text = input.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!pricePattern.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (cents <= 0n) return null;
  return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
}

/** "$1,234.50" in en-AU, from the exact decimal text. */
export function formatPrice(price: string): string {
  const [whole, fraction = '00'] = price.split('.');
  const grouped = BigInt(whole).toLocaleString('en-AU');
  return fraction === '00' ? `$${grouped}` : `$${grouped}.${fraction.padEnd(2, '0')}`;
}

export const priceField = z
  .union([z.string(), z.number()], { error: listingMessages.priceRequired })
  .transform((value, ctx) => {
    const text = String(value);
    if (text.trim() === '') {
      ctx.addIssue({ code: 'custom', message: listingMessages.priceRequired });
      return z.NEVER;
    }
    const parsed = parsePrice(text);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: listingMessages.priceInvalid });
      return z.NEVER;
    }
    return parsed;
  });

export const createListingBody = z.object({
  title: z.string({ error: listingMessages.titleTooShort }).trim().min(3, listingMessages.titleTooShort).max(100, listingMessages.titleTooLong),
  description: z
    .string({ error: listingMessages.descriptionTooShort })
    .trim()
    .min(10, listingMessages.descriptionTooShort)
    .max(5000, listingMessages.descriptionTooLong),
  price: priceField,
  category: z.enum(listingCategoryValues, { error: listingMessages.categoryRequired }),
  imageUrls: z.array(z.string().max(500)).max(listingImageCap, listingMessages.tooManyImages).default([]),
});
export type CreateListingBody = z.infer<typeof createListingBody>;
