// spec 5 and 9: photos are shrunk in the browser before upload (1200 px, quality 0.85, under the
// tier's size). The library loads only when a member picks a photo, never in the first bundle.
import libraryUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { imageCompression } from '../../../domain';

const bytesPerMegabyte = 1024 * 1024;

export async function compressPhoto(file: File, options: { maxBytes: number; onProgress: (percent: number) => void }): Promise<File> {
  const { default: compressImage } = await import('browser-image-compression');
  return compressImage(file, {
    maxSizeMB: options.maxBytes / bytesPerMegabyte,
    maxWidthOrHeight: imageCompression.maxWidthOrHeight,
    initialQuality: imageCompression.quality,
    useWebWorker: true,
    // The worker loads the library from our own origin, never from a public CDN.
    libURL: new URL(libraryUrl, window.location.href).href,
    onProgress: options.onProgress,
  });
}
