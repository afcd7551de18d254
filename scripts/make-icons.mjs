// Renders the web app's PNG icons (src/web/public/icons) from the favicon SVG, for
// manifest.webmanifest and iOS home screens. A one-off: run it again only when the favicon changes.
//
//   node scripts/make-icons.mjs
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const faviconFile = fileURLToPath(new URL('../src/web/public/favicon.svg', import.meta.url));
const iconDir = fileURLToPath(new URL('../src/web/public/icons/', import.meta.url));

/**
 * A full-bleed square for launchers that cut their own shape (manifest "maskable", iOS): no
 * rounded corners, and the house scaled into the central safe zone (a circle of 80% diameter).
 */
function toFullBleed(svg) {
  const withSquareCorners = svg.replace(/\s+rx="[^"]*"/, '');
  return withSquareCorners.replace(/(<path\b[^>]*\/>)/, '<g transform="translate(16 16) scale(0.8) translate(-16 -16)">$1</g>');
}

const favicon = await readFile(faviconFile, 'utf8');
if (!/<path\b[^>]*\/>/.test(favicon)) throw new Error('favicon.svg changed shape: update toFullBleed() in make-icons.mjs');
const fullBleed = toFullBleed(favicon);

const icons = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'icon-maskable-512.png', svg: fullBleed, size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed, size: 180 },
];

await mkdir(iconDir, { recursive: true });
for (const { file, svg, size } of icons) {
  // Render at the target size from the vector (density scales the 32-unit viewBox), not by upscaling pixels.
  const density = Math.ceil((72 * size) / 32);
  await sharp(Buffer.from(svg), { density })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${iconDir}${file}`);
  console.log(`wrote src/web/public/icons/${file} (${size}x${size})`);
}
