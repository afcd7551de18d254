// GET /api/listings: active listings in the asker's area, filtered, sorted and paged by a keyset
// cursor so every page costs the same however deep it is.
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { Point } from '../../domain/geo';
import { tiersWithPinnedPosts } from '../../domain/membership';
import { cityAreas, type SortOption } from '../../domain/listing';
import type { BrowseListingsQuery, ListingView } from '../../domain/listing-schemas';
import type { Queryable } from '../db/open-database';
import { listings, postcodeListingCounts, users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { findPostcode } from '../postcodes';
import { distanceFrom, matchesSearch, withinRadius, type SearchMode } from './listing-filters';
import { listingColumns, toListingView } from './listing-view';
import { placeOfViewer, postcodesWithin, searchAreaFor, type Viewer } from './search-area';

/** At most this many pinned posts lead a first page. */
const pinnedPerPage = 3;

type Cursor = { sort: SortOption; mode: SearchMode; value: string; id: string };

const cursorValuePatterns: Record<SortOption, RegExp> = {
  newest: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/,
  'price-low': /^\d{1,10}(\.\d{1,2})?$/,
  'price-high': /^\d{1,10}(\.\d{1,2})?$/,
  distance: /^\d+(\.\d+)?(e[+-]?\d+)?$/i,
};
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.mode, cursor.value, cursor.id])).toString('base64url');
}

function decodeCursor(text: string, sort: SortOption): Cursor {
  const invalid = new AppError('PAGE_EXPIRED');
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw invalid;
  const [cursorSort, mode, value, id] = parts as unknown[];
  if (cursorSort !== sort || (mode !== 'words' && mode !== 'typos')) throw invalid;
  if (typeof value !== 'string' || !cursorValuePatterns[sort].test(value)) throw invalid;
  if (typeof id !== 'string' || !uuidText.test(id)) throw invalid;
  return { sort, mode, value, id };
}

function ordering(sort: SortOption, distance: SQL<number>): SQL[] {
  switch (sort) {
    case 'price-low':
      return [asc(listings.price), asc(listings.id)];
    case 'price-high':
      return [desc(listings.price), desc(listings.id)];
    case 'distance':
      return [asc(distance), asc(listings.id)];
    default:
      return [desc(listings.createdAt), desc(listings.id)];
  }
}

function afterCursor(cursor: Cursor, distance: SQL<number>): SQL {
  switch (cursor.sort) {
    case 'price-low':
      return sql`(${listings.price}, ${listings.id}) > (${cursor.value}::numeric, ${cursor.id}::uuid)`;
    case 'price-high':
      return sql`(${listings.price}, ${listings.id}) < (${cursor.value}::numeric, ${cursor.id}::uuid)`;
    case 'distance':
      return sql`(${distance}, ${listings.id}) > (${cursor.value}::float8, ${cursor.id}::uuid)`;
    default:
      return sql`(${listings.createdAt}, ${listings.id}) < (${cursor.value}::timestamptz, ${cursor.id}::uuid)`;
  }
}

/** The filters that do not depend on the page: area, category, state, postcode, city. */
function baseConditions(viewer: Viewer, query: BrowseListingsQuery): SQL[] {
  const conditions: SQL[] = [eq(listings.isActive, true)];
  const area = searchAreaFor(viewer);
  if (area.kind === 'state') conditions.push(eq(listings.state, area.state));
  // By postcode, as the map counts and the listing page decide: one rule, one answer.
  if (area.kind === 'radius') conditions.push(inArray(listings.postcode, [...postcodesWithin(area)]));
  if (query.category) conditions.push(eq(listings.category, query.category));
  if (query.state) conditions.push(eq(listings.state, query.state));
  if (query.postcode) conditions.push(eq(listings.postcode, query.postcode));
  if (query.location) {
    const city = cityAreas[query.location];
    conditions.push(withinRadius({ latitude: city.latitude, longitude: city.longitude }, city.radiusKm));
  }
  return conditions;
}

/**
 * "Nearest first" without measuring every listing: walk the postcodes (a few thousand rows,
 * kept by the map counts) from nearest to farthest and take each one's listings in id order,
 * so PostgreSQL stops as soon as a page is full.
 */
async function fetchNearest(db: Queryable, input: { origin: Point; conditions: SQL[]; cursor: Cursor | null; limit: number }) {
  const postcodeDistance = distanceFrom(input.origin, postcodeListingCounts);
  const { cursor } = input;
  const nearest = db
    .select({ postcode: postcodeListingCounts.postcode, distance: sql<number>`${postcodeDistance}`.as('distance') })
    .from(postcodeListingCounts)
    .where(and(gt(postcodeListingCounts.activeCount, 0), cursor ? sql`${postcodeDistance} >= ${cursor.value}::float8` : undefined))
    // Ordered here so the outer sort only has to order ids within one distance (incremental).
    .orderBy(postcodeDistance)
    .as('nearest');
  const { createdAtText, ...plainColumns } = listingColumns;
  const inPostcode = db
    .select({ ...plainColumns, createdAtText: sql<string>`${createdAtText}`.as('created_at_text') })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(
      and(
        sql`${listings.postcode} = ${nearest.postcode}`,
        ...input.conditions,
        cursor ? sql`(${nearest.distance} > ${cursor.value}::float8 or ${listings.id} > ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(listings.id))
    .limit(input.limit)
    .as('in_postcode');
  const rows = await db
    .select()
    .from(nearest)
    .crossJoinLateral(inPostcode)
    .orderBy(asc(nearest.distance), asc(inPostcode.id))
    .limit(input.limit);
  return rows.map((row) => ({ ...row.in_postcode, distance: row.nearest.distance }));
}

export type BrowseResult = { items: ListingView[]; nextCursor: string | null };

export async function browseListings(deps: Pick<ServerDeps, 'db'>, input: { viewer: Viewer; query: BrowseListingsQuery }): Promise<BrowseResult> {
  const { db } = deps;
  const { viewer, query } = input;
  const sort = query.sort ?? 'newest';
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  // "Nearest first" measures from the postcode being browsed, else the member's own place.
  const origin: Point = (query.postcode && findPostcode(query.postcode)) || placeOfViewer(viewer).point;
  const distance = distanceFrom(origin);
  const showDistance = viewer.user !== null || Boolean(query.postcode || query.near);

  const fetchPage = async (mode: SearchMode) => {
    const conditions = baseConditions(viewer, query);
    if (query.search) conditions.push(matchesSearch(query.search, mode));
    // Pinned posts lead the first page (for those whose area includes them) and are left out
    // of the ordered pages, so paging never repeats them.
    const pinnedConditions = [...conditions, isNotNull(listings.pinnedAt), inArray(users.membershipTier, tiersWithPinnedPosts)];
    conditions.push(or(isNull(listings.pinnedAt), notInArray(users.membershipTier, tiersWithPinnedPosts))!);
    const pinned = cursor
      ? []
      : await db
          .select({ ...listingColumns, distance })
          .from(listings)
          .innerJoin(users, eq(users.id, listings.sellerId))
          .where(and(...pinnedConditions))
          .orderBy(desc(listings.pinnedAt))
          .limit(pinnedPerPage);
    const rows =
      sort === 'distance'
        ? await fetchNearest(db, { origin, conditions, cursor, limit: query.limit + 1 })
        : await db
            .select({ ...listingColumns, distance })
            .from(listings)
            .innerJoin(users, eq(users.id, listings.sellerId))
            .where(and(...conditions, cursor ? afterCursor(cursor, distance) : undefined))
            .orderBy(...ordering(sort, distance))
            .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const lastValue = (row: NonNullable<typeof last>) =>
      sort === 'newest' ? row.createdAtText : sort === 'distance' ? String(Number(row.distance)) : row.price;
    return {
      items: [...pinned, ...page].map((row) => toListingView(row, showDistance && row.distance !== null ? Number(row.distance) : null)),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ sort, mode, value: lastValue(last), id: last.id }) : null,
    };
  };

  const mode: SearchMode = cursor?.mode ?? 'words';
  const result = await fetchPage(mode);
  // Nothing matched the words: try again forgiving typos in the title.
  if (query.search && !cursor && mode === 'words' && result.items.length === 0) return fetchPage('typos');
  return result;
}
