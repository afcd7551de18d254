// Renders the web app's PNG icons (src/web/public/icons) from the favicon SVG, for
// manifest.webmanifest and iOS home screens, and the picture a shared link to a page without a photo
// shows (src/web/public/images/share-default.png, 1200x630). A one-off: run it again only when the
// favicon or the tagline changes (it needs a sans-serif font installed: DejaVu Sans on Debian).
//
//   node scripts/make-icons.mjs
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const faviconFile = fileURLToPath(new URL('../src/web/public/favicon.svg', import.meta.url));
const iconDir = fileURLToPath(new URL('../src/web/public/icons/', import.meta.url));
const shareImageFile = fileURLToPath(new URL('../src/web/public/images/share-default.png', import.meta.url));

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

/** The brand's card for link previews: the house, the name and the tagline on the page's cream. */
function shareCard(icon) {
  const house = icon.replace('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">', '<svg x="120" y="175" width="280" height="280" viewBox="0 0 32 32">');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fffaf5"/>
  <rect y="598" width="1200" height="32" fill="#ec4d37"/>
  ${house}
  <text x="460" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="96" fill="#1f1a17">Neighbourly</text>
  <text x="464" y="372" font-family="DejaVu Sans, Arial, sans-serif" font-size="38" fill="#4a423d">Your friendly neighbourhood</text>
  <text x="464" y="422" font-family="DejaVu Sans, Arial, sans-serif" font-size="38" fill="#4a423d">marketplace</text>
</svg>`;
}

await sharp(Buffer.from(shareCard(favicon))).png({ compressionLevel: 9, palette: true }).toFile(shareImageFile);
console.log('wrote src/web/public/images/share-default.png (1200x630)');
