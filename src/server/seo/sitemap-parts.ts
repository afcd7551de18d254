// How the sitemap is cut into files (decision 22). Listing and seller ids are random UUIDs (v4:
// the top bits are random), so part n of N covers the n-th of N equal slices of the id space and
// holds about 1/N of the rows. The name says both n and N (listings-3-of-23.xml), so a file's
// content depends on its name alone: an index a crawler or a CDN cached an hour ago still names
// files that cover the ids it meant, even once growth has made the newest index cut in 24.

/** The protocol's limit of URLs in one file (sitemaps.org). */
export const sitemapMaxUrlsPerFile = 50_000;
/**
 * The URLs a part is cut for. Random ids put 40,000 ± 200 (one standard deviation) in a slice, so
 * a part stays far below the limit even when the row count it was cut from lags growth by a fifth.
 */
export const sitemapUrlsPerPart = 40_000;
/** The protocol's limit of files in one index; far more than a count of rows could ask for. */
const maxParts = 50_000;

export type SitemapFile = { kind: 'pages' } | { kind: 'listings' | 'sellers'; part: number; parts: number };

export function sitemapFileName(file: SitemapFile): string {
  return file.kind === 'pages' ? 'pages.xml' : `${file.kind}-${file.part}-of-${file.parts}.xml`;
}

/** How many parts `rows` rows are cut into: none when there are none. */
export function countParts(rows: number): number {
  return Math.min(maxParts, Math.ceil(Math.max(0, rows) / sitemapUrlsPerPart));
}

// No leading zeros, so each file has one name.
const partName = /^(listings|sellers)-([1-9]\d{0,4})-of-([1-9]\d{0,4})\.xml$/;

/** The file a name under /sitemaps/ asks for, or null when no file has that name. */
export function readSitemapFileName(name: string): SitemapFile | null {
  if (name === 'pages.xml') return { kind: 'pages' };
  const match = partName.exec(name);
  if (!match) return null;
  const part = Number(match[2]);
  const parts = Number(match[3]);
  if (part > parts || parts > maxParts) return null;
  return { kind: match[1] as 'listings' | 'sellers', part, parts };
}

const idSpace = 1n << 128n;
const lastId = idSpace - 1n;

export function uuidFromNumber(value: bigint): string {
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function numberFromUuid(uuid: string): bigint {
  return BigInt(`0x${uuid.replaceAll('-', '')}`);
}

/** The ids of part `part` of `parts`, both ends included (PostgreSQL orders uuids as these numbers). */
export function idRangeOfPart(part: number, parts: number): { first: bigint; last: bigint } {
  const first = (BigInt(part - 1) * idSpace) / BigInt(parts);
  const last = part === parts ? lastId : (BigInt(part) * idSpace) / BigInt(parts) - 1n;
  return { first, last };
}

/** Where the next batch starts after `id`, or null when `id` was the last of the range. */
export function nextIdAfter(id: string, last: bigint): bigint | null {
  const next = numberFromUuid(id) + 1n;
  return next > last ? null : next;
}
