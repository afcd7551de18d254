// Every uploaded photo is decoded and re-encoded: the real type is read from its bytes, the
// orientation applied, all metadata (EXIF, GPS) dropped, and a display size and thumbnail made.
import sharp from 'sharp';
import { acceptedImageTypes, imageMessages, maxImagePixels } from '../../domain/images';
import { AppError } from '../../domain/errors';
import { shareImageSize } from '../../domain/page-head';
import { imageCompression } from '../../domain/tiers';

/** sharp's names for the photo types the page offers (spec 5: JPEG, PNG, WebP): "image/jpeg" is "jpeg". */
const acceptedFormats = new Set<string>(acceptedImageTypes.map((type) => type.slice('image/'.length)));
const thumbnailSize = 480;

export type ProcessedImage = {
  display: Buffer;
  thumbnail: Buffer;
  /** The picture a shared link shows (1200x630): the whole photo, on its own average colour. */
  share: Buffer;
  width: number;
  height: number;
};

/**
 * The files of one photo as each is made: the display size and the thumbnail are encoded at once,
 * the share image from the display size. Storage can take each file the moment it is ready, so a
 * bucket's round trips overlap the encoding that is still going on. The header is checked (type,
 * declared size) before this resolves; a file that fails to decode rejects its parts with
 * "unreadable". Every part is a promise the caller must await (Promise.allSettled).
 */
export type ImageParts = {
  display: Promise<{ data: Buffer; width: number; height: number }>;
  thumbnail: Promise<Buffer>;
  share: Promise<Buffer>;
};

export async function startImageProcessing(bytes: Buffer): Promise<ImageParts> {
  if (bytes.length === 0) throw new AppError('IMAGE_EMPTY');
  let format: string | undefined;
  try {
    // Reads the header only; a bomb (a small file declaring a huge picture) is refused here,
    // by its declared size, before a single pixel is decoded.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = metadata.format;
    if (metadata.width && metadata.height && metadata.width * metadata.height > maxImagePixels) {
      throw new AppError('PAYLOAD_TOO_LARGE', imageMessages.tooManyPixels);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', imageMessages.unreadable);
  }
  if (!format || !acceptedFormats.has(format)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', imageMessages.invalidType);
  }

  const unreadable = () => {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', imageMessages.unreadable);
  };
  // failOn 'truncated' refuses half-uploaded files instead of padding them with grey.
  const source = sharp(bytes, { limitInputPixels: maxImagePixels, failOn: 'truncated' }).rotate();
  const display = source
    .clone()
    .resize({ width: imageCompression.maxWidthOrHeight, height: imageCompression.maxWidthOrHeight, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: Math.round(imageCompression.quality * 100), mozjpeg: true })
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => ({ data, width: info.width, height: info.height }), unreadable);
  const thumbnail = source
    .clone()
    .resize({ width: thumbnailSize, height: thumbnailSize, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer()
    .catch(unreadable);
  const share = display.then(({ data }) => makeShareImage(data).catch(unreadable));
  return { display, thumbnail, share };
}

/** All of a photo's files, once made (startImageProcessing, awaited whole). */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const parts = await startImageProcessing(bytes);
  // Promise.all listens to every part, so a second failure is not left unhandled.
  const [display, thumbnail, share] = await Promise.all([parts.display, parts.thumbnail, parts.share]);
  return { display: display.data, thumbnail, share, width: display.width, height: display.height };
}

/**
 * A link preview's picture from a photo: the whole photo (never cropped: a cropped bike may show no
 * bike) centred on its own average colour, a little darker, so the bands beside it look meant.
 * About 20 ms, one resize and one encode (a blurred copy of the photo as the background measured
 * ten times that).
 */
export async function makeShareImage(photo: Buffer): Promise<Buffer> {
  const { width, height } = shareImageSize;
  const { data: average } = await sharp(photo).resize(1, 1, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [...average].map((channel) => Math.round(channel * 0.85));
  return sharp(photo)
    .resize(width, height, { fit: 'contain', background: { r, g, b } })
    .jpeg({ quality: 82 })
    .toBuffer();
}
