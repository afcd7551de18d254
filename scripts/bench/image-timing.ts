// Times the upload path's image work: a 12-megapixel phone-sized JPEG through processImage(),
// in this process, with nothing else running.
import sharp from 'sharp';
import { processImage } from '../../src/server/uploads/process-image';

export type ImageTiming = { width: number; height: number; inputBytes: number; runsMs: number[]; p50: number; max: number; outputBytes: number };

/**
 * A photo-like picture: smooth gradients and soft shapes with sensor-like noise on top, so the
 * JPEG is as large and as hard to decode as a real phone photo (a flat colour would be trivial).
 */
export async function makeNoisyPhoto(width = 4000, height = 3000): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 0x2545f491;
  const noise = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) % 41) - 20;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = (y * width + x) * 3;
      const wave = Math.sin(x / 170) * Math.cos(y / 130) * 60;
      pixels[index] = Math.max(0, Math.min(255, 90 + (x / width) * 120 + wave + noise()));
      pixels[index + 1] = Math.max(0, Math.min(255, 70 + (y / height) * 110 - wave / 2 + noise()));
      pixels[index + 2] = Math.max(0, Math.min(255, 140 - (x / width) * 60 + wave / 3 + noise()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

export async function timeImageProcessing(runs = 10): Promise<ImageTiming> {
  const width = 4000;
  const height = 3000;
  const photo = await makeNoisyPhoto(width, height);
  const runsMs: number[] = [];
  let outputBytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const processed = await processImage(photo);
    runsMs.push(performance.now() - started);
    outputBytes = processed.display.length;
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const p50 = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { width, height, inputBytes: photo.length, runsMs, p50, max: sorted.at(-1)!, outputBytes };
}
