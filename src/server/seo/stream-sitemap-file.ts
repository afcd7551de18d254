// GET /sitemaps/<file>: the public pages, or one part of the active listings or of their sellers,
// read from the database a batch at a time (keyset by id within the part's id range) and written
// as the reply takes it, so a part of 40,000 URLs holds one batch in memory, not the file.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { publicPagePaths } from '../../domain/seo';
import type { Queryable } from '../db/open-database';
import { preparedStatement } from '../db/prepared-statement';
import { listings, users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { siteAddress } from './site-address';
import { idRangeOfPart, nextIdAfter, sitemapMaxUrlsPerFile, uuidFromNumber, type SitemapFile } from './sitemap-parts';
import { urlElement, urlsetHead, urlsetTail } from './sitemap-xml';

type Deps = Pick<ServerDeps, 'db' | 'config'>;
export type UrlRow = { id: string; lastmod?: string };
type Bounds = { first: string; last: string; size: number };

/** Rows per statement: each is one index range scan of a few tens of milliseconds at 1,000,000 listings. */
const defaultBatchSize = 5_000;

// Sold, paused, hidden and deleted listings are not active (or not there). lastmod is the
// listing's last change, as a W3C datetime in UTC.
const readActiveListings = preparedStatement<Bounds, UrlRow>(
  'sitemap_active_listings',
  (value) => sql`
    select id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod
      from ${listings}
     where is_active and id between ${value.first}::uuid and ${value.last}::uuid
     order by id
     limit ${value.size}`,
);

// Members with at least one active listing. No lastmod: finding the newest change means reading
// every listing of each seller (measured 4 to 8 times slower than stopping at the first active one).
const readSellers = preparedStatement<Bounds, UrlRow>(
  'sitemap_sellers',
  (value) => sql`
    select u.id
      from ${users} u
     where u.id between ${value.first}::uuid and ${value.last}::uuid
       and exists (select 1 from ${listings} l where l.seller_id = u.id and l.is_active)
     order by u.id
     limit ${value.size}`,
);

export type StreamOptions = { batchSize?: number; maxUrls?: number };

type PartFile = Exclude<SitemapFile, { kind: 'pages' }>;

/**
 * A part's rows, a batch at a time, ids ascending: each batch starts just after the last id of the
 * one before (keyset), so every statement is one short index range scan however far into the part.
 */
export async function* readPartRows(db: Queryable, file: PartFile, options: StreamOptions = {}): AsyncGenerator<UrlRow[]> {
  const read = file.kind === 'listings' ? readActiveListings : readSellers;
  const { first, last } = idRangeOfPart(file.part, file.parts);
  const batchSize = options.batchSize ?? defaultBatchSize;
  // A part cut from a count that lagged far behind growth (or asked for as part 1 of 1) stops at the protocol's limit.
  let room = options.maxUrls ?? sitemapMaxUrlsPerFile;
  let from: bigint | null = first;
  while (from !== null && room > 0) {
    const size = Math.min(batchSize, room);
    const rows = await read(db, { first: uuidFromNumber(from), last: uuidFromNumber(last), size });
    if (rows.length > 0) yield rows;
    room -= rows.length;
    from = rows.length < size ? null : nextIdAfter(rows[rows.length - 1].id, last);
  }
}

/** Each batch of a part as the text of its <url> elements. */
async function* urlBatches(deps: Deps, file: PartFile, options: StreamOptions): AsyncGenerator<string> {
  const pageAddress = siteAddress(deps.config, file.kind === 'listings' ? '/listing/' : '/seller/');
  for await (const rows of readPartRows(deps.db, file, options)) {
    yield rows.map((row) => urlElement(pageAddress + row.id, row.lastmod)).join('');
  }
}

async function* urlsetText(first: IteratorResult<string>, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield urlsetHead;
  if (!first.done) {
    yield first.value;
    yield* rest;
  }
  yield urlsetTail;
}

/**
 * The file as a stream of text. The first batch is read before it returns, so a database that
 * cannot answer fails the request with the usual error reply rather than a cut-off file; later
 * batches are read only as the reply drains (one batch ahead at most), and a reply that is
 * abandoned stops the reads.
 */
export async function streamSitemapFile(deps: Deps, file: SitemapFile, options: StreamOptions = {}): Promise<Readable> {
  if (file.kind === 'pages') {
    return Readable.from([urlsetHead, ...publicPagePaths.map((path) => urlElement(siteAddress(deps.config, path))), urlsetTail]);
  }
  const batches = urlBatches(deps, file, options);
  const first = await batches.next();
  return Readable.from(urlsetText(first, batches), { objectMode: true, highWaterMark: 1 });
}
