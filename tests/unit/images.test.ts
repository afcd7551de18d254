// The photo rules of spec 5 and 9 as the pages and the server share them: which types, how large a
// file may be before compression, and the words each refusal uses.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors';
import { acceptedImageTypes, imageMessages, rawFileTooLargeMessage, rawImageLimitBytes, tooManyImagesMessage } from '../../src/domain/images';
import { imageCompression } from '../../src/domain/tiers';
import { startImageProcessing } from '../../src/server/uploads/process-image';

const mb = 1024 * 1024;

describe('photo rules (spec 5 and 9)', () => {
  it('takes only JPEG, PNG and WebP', () => {
    expect([...acceptedImageTypes].sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(imageMessages.invalidTypeTitle).toBe('Invalid File Type');
  });

  it.each([
    ['starter', 4 * mb],
    ['explorer', 6 * mb],
    ['connector', 10 * mb],
    ['lifetime', 10 * mb],
    ['platinum', 4 * mb],
    [null, 4 * mb],
  ] as const)('lets a %s member pick a file of up to twice the tier limit (%i bytes) before compression', (tier, bytes) => {
    expect(rawImageLimitBytes(tier)).toBe(bytes);
  });

  it("names the file's size and the limit it passed", () => {
    expect(rawFileTooLargeMessage(6.5 * mb, 'explorer')).toBe('File size (6.5 MB) exceeds limit of 6 MB');
    expect(rawFileTooLargeMessage(5 * mb, 'starter')).toBe('File size (5 MB) exceeds limit of 4 MB');
  });

  it("names the tier's maximum when too many photos are picked", () => {
    expect(imageMessages.tooManyTitle).toBe('Too Many Images');
    expect(tooManyImagesMessage('starter')).toBe('Starter tier allows maximum 2 images. Upgrade for more!');
    expect(tooManyImagesMessage('connector')).toBe('Connector tier allows maximum 8 images. Upgrade for more!');
    expect(tooManyImagesMessage('platinum')).toBe('Starter tier allows maximum 2 images. Upgrade for more!');
  });

  it('uses the titles of the spec for a photo still too large and a failed compression', () => {
    expect(imageMessages.stillTooLargeTitle).toBe('Image Still Too Large');
    expect(imageMessages.compressionFailedTitle).toBe('Compression Failed');
  });

  it('compresses to at most 1200 x 1200 at JPEG quality 0.85, showing a toast when it saves more than 10%', () => {
    expect(imageCompression).toMatchObject({ maxWidthOrHeight: 1200, quality: 0.85, defaultMaxBytes: 5 * mb, savingsToastThreshold: 0.1 });
  });
});

describe('the server reads the photo types the page offers', () => {
  const photo = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff') =>
    sharp({ create: { width: 8, height: 6, channels: 3, background: '#2f9e68' } }).toFormat(format).toBuffer();

  it.each(['jpeg', 'png', 'webp'] as const)('stores a %s photo', async (format) => {
    const parts = await startImageProcessing(await photo(format));
    const [display] = await Promise.all([parts.display, parts.thumbnail, parts.share]);
    expect(display).toMatchObject({ width: 8, height: 6 });
  });

  it.each(['gif', 'tiff'] as const)('refuses a %s image as the wrong type', async (format) => {
    const refusal = await startImageProcessing(await photo(format)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).message).toBe(imageMessages.invalidType);
  });
});
