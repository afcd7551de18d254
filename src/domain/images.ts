// Photo rules (spec 5 and 9): types, sizes and counts, with the spec's messages.
import { formatMegabytes, rulesForTier } from './tiers';

export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const imageMessages = {
  invalidTypeTitle: 'Invalid File Type',
  invalidType: 'Only JPEG, PNG and WebP photos can be uploaded.',
  stillTooLargeTitle: 'Image Still Too Large',
  tooManyTitle: 'Too Many Images',
  compressionFailedTitle: 'Compression Failed',
  unreadable: 'That file is not a photo we can read. Try a JPEG, PNG or WebP image.',
  tooManyPixels: 'That photo is too large to process. Try one under 50 megapixels.',
  empty: 'The file is empty.',
  missingFile: 'Choose a photo to upload.',
  /** The photo was fine; keeping it failed (the media storage is unreachable), and none of it was kept. */
  notSaved: "We couldn't save that photo, please try again",
} as const;

/** spec 5: the raw file may be at most twice the tier's limit before compression. */
export function rawImageLimitBytes(tier: string | null | undefined): number {
  return rulesForTier(tier).maxImageBytes * 2;
}

export function rawFileTooLargeMessage(fileBytes: number, tier: string | null | undefined): string {
  return `File size (${formatMegabytes(fileBytes)} MB) exceeds limit of ${formatMegabytes(rawImageLimitBytes(tier))} MB`;
}

export function stillTooLargeMessage(tier: string | null | undefined): string {
  return `Even after compression this photo is over your plan's ${formatMegabytes(rulesForTier(tier).maxImageBytes)} MB limit. Try a smaller photo.`;
}

export function tooManyImagesMessage(tier: string | null | undefined): string {
  const rules = rulesForTier(tier);
  return `${rules.label} tier allows maximum ${rules.maxImagesPerListing} images. Upgrade for more!`;
}

/** Largest photo, in pixels, the server will decode (guards against decompression bombs). */
export const maxImagePixels = 50_000_000;
