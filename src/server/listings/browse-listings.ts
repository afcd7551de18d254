// GET /api/listings: active listings in the asker's area, filtered, sorted and paged by a keyset
// cursor so every page costs the same however deep it is.
import { and, asc, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { distanceKm, shownDistanceKm, type Point } from '../../domain/geo';
import { cityAreas, parseConditionFilter, type SortOption } from '../../domain/listing';
import { browsePageLimits, type BrowseListingsQuery, type ListingView } from '../../domain/listing-schemas';
import type { Queryable } from '../db/open-database';
import { preparedQuery, preparedStatement } from '../db/prepared-statement';
import { continuing } from '../db/continuing';
import { listings, postcodeListingCounts, users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { findPostcode } from '../postcodes';
import { distanceFrom, searchQuery, withinRadius, type SearchMode } from './listing-filters';
import { listingColumns, listingViewJson, toListingView, unfavouredStart } from './listing-view';
import { dayOf, firstWindowDays, firstWindowFor, maxWindows, nextWindowDays, rememberDaysForPage, shareOfWords, startOfDay, timestampMs, windowsFromMatches, wordSharesOf, wordsOfSearch, wordsUnder, windowDays, windowsWorthIt } from './listing-search-windows';
import { placeOfViewer, postcodeListWithin, searchAreaFor, type SearchArea, type Viewer } from './search-area';
import { correctedWords } from './search-spelling';

/** At most this many pinned posts lead a first page. */
const pinnedPerPage = 3;
/** Written into the text: a plan made for any value still knows a page has three pins at most. */
const pinnedLimit = sql.raw(String(pinnedPerPage));

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
      // Newest first goes by rank: listed or renewed, and behind the rest once its listing time has passed (decision 34).
      return [desc(listings.rankedAt), desc(listings.id)];
  }
}

/**
 * The values of a browse statement. Everything a request varies on is a value, so requests of one
 * shape (sort, filters used, area kind) share one statement whose SQL text is built once. It is
 * not named: PostgreSQL plans it with each request's values, because one generic plan for all of
 * them is a disaster here (measured at 1,000,000 listings: a parallel scan of every listing, 70 to
 * 340 ms, where the plans for the actual area and words take 0.3 to 12 ms).
 */
type BrowseValues = {
  areaState?: string;
  areaPostcodes?: readonly string[];
  category?: string;
  /** Any of these conditions (decision 44). */
  conditions?: readonly string[];
  state?: string;
  postcode?: string;
  search?: string;
  originLatitude: number;
  originLongitude: number;
  cursorValue?: string;
  cursorId?: string;
  limit: number;
  /** Saved searches' new-listing counts: listed after this time. */
  since?: string;
  /** A search window's words, put on its days (listing-search-windows.ts). */
  windowWords?: string;
  /** A search's words put under the area's postcodes (or the one postcode asked for). */
  areaWords?: string;
  /** The words under the state searched (listing_words_by_state). */
  stateWords?: string;
};

const value = (name: keyof BrowseValues) => sql.placeholder(name);

/**
 * A value of a statement planned once (plansOnce), typed, out of the planner's sight: a scalar
 * subquery, which PostgreSQL evaluates once per execution. PostgreSQL plans a named statement with
 * each call's values at first, and keeps one plan for any value only if that plan is estimated no
 * dearer than those. Seen, a small area's few postcodes or a rare category made every per-value
 * plan look cheaper, so it planned every call afresh (3 to 5 ms of the database's CPU for a page
 * walked in 1). Unseen, both estimates are the same, and the one plan is kept.
 */
function valueIn(shape: Pick<Shape, 'plannedOnce'>) {
  return (name: keyof BrowseValues, type: string): SQL => {
    const cast = sql.raw(type);
    // Cast again outside: `any((select …))` would read the subquery's rows, not its array.
    return shape.plannedOnce ? sql`(select ${value(name)}::${cast})::${cast}` : sql`${value(name)}::${cast}`;
  };
}

/** What a statement's text depends on (the city is one of a few, kept as constants). */
type Shape = {
  sort: SortOption;
  mode: SearchMode;
  area: SearchArea['kind'];
  category: boolean;
  condition: boolean;
  state: boolean;
  postcode: boolean;
  city: keyof typeof cityAreas | null;
  search: boolean;
  after: boolean;
  /** Newest first by words, one window of days at a time (decision 40). */
  window?: boolean;
  /** The windows' days are one state's (listings_words_by_state_day_idx), not the country's. */
  stateWindow?: boolean;
  /** By words under the postcodes searched (decision 41). */
  areaWords?: boolean;
  /** By words under the state searched, when not by windows of days (migration 0048). */
  stateWords?: boolean;
  /** Set on the statements PostgreSQL plans once (plansOnce): their values are kept from the planner (valueIn). */
  plannedOnce?: boolean;
};

const origin = { latitude: sql`${value('originLatitude')}::float8`, longitude: sql`${value('originLongitude')}::float8` };
const distance = distanceFrom(origin);
const unseen = valueIn({ plannedOnce: true });
const distanceUnseen = distanceFrom({ latitude: unseen('originLatitude', 'float8'), longitude: unseen('originLongitude', 'float8') });

/**
 * The distance from the origin, for a statement planned once with its origin out of the planner's
 * sight too. Seen, the origin made each call's own plan a little cheaper than the plan for any value
 * (its trigonometry folded to constants for the page's rows), so PostgreSQL planned every call
 * afresh: a category's newest over all Australia, 3 ms of planning for each page.
 */
function distanceOf(shape: Pick<Shape, 'plannedOnce'>): SQL<number> {
  return shape.plannedOnce ? distanceUnseen : distance;
}

function afterCursor(shape: Shape): SQL {
  const typed = valueIn(shape);
  const id = typed('cursorId', 'uuid');
  switch (shape.sort) {
    case 'price-low':
      return sql`(${listings.price}, ${listings.id}) > (${typed('cursorValue', 'numeric')}, ${id})`;
    case 'price-high':
      return sql`(${listings.price}, ${listings.id}) < (${typed('cursorValue', 'numeric')}, ${id})`;
    case 'distance':
      return sql`(${distanceOf(shape)}, ${listings.id}) > (${typed('cursorValue', 'float8')}, ${id})`;
    default:
      return sql`(${listings.rankedAt}, ${listings.id}) < (${typed('cursorValue', 'timestamptz')}, ${id})`;
  }
}

/**
 * Written into the text, not passed as a value: the partial indexes (`where is_active`) serve a
 * statement only when its text implies their condition. With `is_active = $1` a named statement's
 * plan for any value (its generic plan) could use none of them, so PostgreSQL planned it afresh on
 * every call (planning was a third of the database's time under mixed traffic).
 */
const isActive = sql`${listings.isActive}`;

/** The filters that do not depend on the page: area, category, state, postcode, city, words. */
function baseConditions(shape: Shape): SQL[] {
  const typed = valueIn(shape);
  const conditions: SQL[] = [isActive];
  if (shape.area === 'state') conditions.push(sql`${listings.state} = ${typed('areaState', 'text')}`);
  // By postcode, as the map counts and the listing page decide: one rule, one answer.
  if (shape.area === 'radius') conditions.push(sql`${listings.postcode} = any(${typed('areaPostcodes', 'text[]')})`);
  if (shape.category) conditions.push(sql`${listings.category} = ${typed('category', 'text')}`);
  if (shape.condition) conditions.push(sql`${listings.condition} = any(${typed('conditions', 'text[]')})`);
  if (shape.state) conditions.push(sql`${listings.state} = ${typed('state', 'text')}`);
  if (shape.postcode) conditions.push(sql`${listings.postcode} = ${typed('postcode', 'text')}`);
  if (shape.city) {
    const city = cityAreas[shape.city];
    conditions.push(withinRadius({ latitude: city.latitude, longitude: city.longitude }, city.radiusKm));
  }
  if (shape.search) conditions.push(matchesWords(shape));
  return conditions;
}

/** The listing has the search's words. Planned once, the words' query is made once per execution, not for every listing checked. */
function matchesWords(shape: Shape): SQL {
  const query = searchQuery(sql`${value('search')}::text`, shape.mode);
  return sql`${listings.searchVector} @@ ${shape.plannedOnce ? sql`(select ${query})` : query}`;
}

/**
 * Pinned posts lead a first page (for those whose area includes them) and are left out of the
 * ordered pages, so paging never repeats them. A listing is pinned only while its seller's plan
 * has pins (pinning and every plan change settle that with the member's row locked, and
 * migration 0018 cleared older data), so the pin itself decides.
 */
const pinnedCondition = isNotNull(listings.pinnedAt);
const unpinnedCondition = isNull(listings.pinnedAt);

/**
 * What the steps after a word index read of each candidate listing: the columns of the area, filters,
 * words, cursor and orders, not the whole row. Fetched whole (select *), a candidate cost four times as
 * much (a state's window of "chair" at 1,000,000 listings, 167 candidates: 3.2 → 0.7 ms).
 */
const candidateColumns = sql.join(
  [listings.id, listings.isActive, listings.state, listings.postcode, listings.category, listings.condition, listings.latitude, listings.longitude, listings.searchVector, listings.pinnedAt, listings.rankedAt, listings.price],
  sql`, `,
);

/** The ids of the area's newest pins (an area can hold hundreds: they are chosen before anything is joined to them). */
function pinnedIds(shape: Shape): SQL {
  if (shape.search) return pinsMatchingWords(shape);
  return sql`(select ${listings.id} from ${listings} where ${and(...baseConditions(shape), pinnedCondition)} order by ${listings.pinnedAt} desc limit ${pinnedLimit})`;
}

/**
 * With words, the pins that have them come first (the pinned listings' own word index: 134 of them
 * have "guitar" at 1,000,000 listings) and the area is checked on those. Left to itself the planner
 * intersected the area's pins with every listing that has the words (21,000 for "guitar": 3.0 ms
 * against 0.7); the subquery's OFFSET 0 keeps the two steps apart.
 */
function pinsMatchingWords(shape: Shape): SQL {
  const pinsWithWords = sql`select ${candidateColumns} from ${listings} where ${and(isActive, pinnedCondition, matchesWords(shape))} offset 0`;
  return sql`(select ${listings.id} from (${pinsWithWords}) as ${listings} where ${and(...baseConditions({ ...shape, search: false }))} order by ${listings.pinnedAt} desc limit ${pinnedLimit})`;
}

/**
 * The ids of a page of unpinned listings. They are chosen first and only they are joined to their
 * sellers and read whole: a common word matches hundreds of listings in an area, and joining and
 * sorting all of them cost 40% of the search (measured at 1,000,000 listings: "guitar" around
 * Melbourne 9.8 to 6.0 ms).
 */
function pageIds(shape: Shape): SQL {
  const typed = valueIn(shape);
  if (walksAreaPostcodes(shape)) return areaWalkIds(shape);
  if (shape.window && shape.stateWindow) {
    return keyedWordsIds(shape, sql`listing_words_by_state_day(${listings.searchVector}, ${listings.state}, ${listings.rankedAt}) @@ ${typed('windowWords', 'tsquery')}`);
  }
  if (shape.window) return keyedWordsIds(shape, sql`listing_words_by_day(${listings.searchVector}, ${listings.rankedAt}) @@ ${typed('windowWords', 'tsquery')}`);
  if (shape.areaWords) return keyedWordsIds(shape, sql`listing_words_by_postcode(${listings.searchVector}, ${listings.postcode}) @@ ${typed('areaWords', 'tsquery')}`);
  if (shape.stateWords) return keyedWordsIds(shape, sql`listing_words_by_state(${listings.searchVector}, ${listings.state}) @@ ${typed('stateWords', 'tsquery')}`);
  const conditions = and(...baseConditions(shape), unpinnedCondition, shape.after ? afterCursor(shape) : undefined);
  return sql`(select ${listings.id} from ${listings} where ${conditions} order by ${sql.join(ordering(shape.sort, distanceOf(shape)), sql`, `)} limit ${typed('limit', 'int')})`;
}

/**
 * The most ids a page statement planned once chooses (a page's pins and its rows, one more than the
 * largest page to tell whether another follows), written into the text. Its own LIMIT is a value out
 * of the planner's sight, which PostgreSQL takes for a tenth of the rows: planned for 15,000 ids, a
 * category's newest over all Australia joined them to their sellers by reading every member in id
 * order (12 to 32 ms a page on a warm cache at 1,000,000 listings, 71 ms under mixed traffic); told
 * at most 52, it looks up each page's sellers (0.4 ms).
 */
const plannedOnceIdsAtMost = sql.raw(String(pinnedPerPage + browsePageLimits.max + 1));

/**
 * What a page reads of each listing: its view as JSON text (listingViewJson) and what the page itself
 * needs (the cursor's values, whether it is pinned, where it is for the viewer's distances).
 */
const pageColumns = {
  id: listings.id,
  pinnedAt: listings.pinnedAt,
  price: listings.price,
  postcode: listings.postcode,
  rankedAtText: listingColumns.rankedAtText,
  view: listingViewJson,
};

/** Listings by id with their sellers, in the page's order. */
function listingsWithIds(db: Queryable, shape: Pick<Shape, 'plannedOnce'>, ids: SQL, order: SQL[], name: string) {
  const chosen = shape.plannedOnce ? sql`(select page.id from ${ids} as page limit ${plannedOnceIdsAtMost})` : ids;
  return db
    .select({ ...pageColumns, distance: distanceOf(shape) })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(sql`${listings.id} in ${chosen}`)
    .orderBy(...order)
    .prepare(name);
}

/** The area's newest pins alone: they lead the first page of "nearest first", whose page is its own statement. */
function pinnedStatement(db: Queryable, shape: Shape, name: string) {
  return listingsWithIds(db, shape, sql`${pinnedIds(shape)}`, [desc(listings.pinnedAt)], name);
}

/** A page after a cursor: no pins. */
function pageStatement(db: Queryable, shape: Shape, name: string) {
  return listingsWithIds(db, shape, sql`${pageIds(shape)}`, ordering(shape.sort, distanceOf(shape)), name);
}

/**
 * A first page in one round trip: the area's newest pins, then the page (the pins are the rows with
 * a pin, newest pin first).
 */
function firstPageStatement(db: Queryable, shape: Shape, name: string) {
  return listingsWithIds(db, shape, sql`(${pinnedIds(shape)} union all ${pageIds(shape)})`, [sql`${listings.pinnedAt} desc nulls last`, ...ordering(shape.sort, distanceOf(shape))], name);
}

/**
 * A page of a radius area (a Starter's, a visitor's) newest first or by price, with or without a
 * category: the area's few dozen postcodes are far apart in the newest (or cheapest) listings of
 * Australia (a page walked hundreds of them at 1,000,000 listings, and by price an area's every
 * listing was read and sorted: 19 ms). Instead each postcode's first are read off its own index
 * (listings_area_ranked_idx, listings_area_price_idx: they hold everything the walk needs, so no
 * listing row is read), the postcodes' heads are merged, and only the page's rows are fetched.
 */
function walksAreaPostcodes(shape: Shape): boolean {
  return shape.sort in areaWalks && shape.area === 'radius' && !shape.search && !shape.state && !shape.postcode && !shape.city;
}

/** The column each sort walks an area's postcodes by, its direction, and its cursor's type. */
const areaWalks: Partial<Record<SortOption, { column: string; direction: 'asc' | 'desc'; cast: string }>> = {
  newest: { column: 'ranked_at', direction: 'desc', cast: 'timestamptz' },
  'price-low': { column: 'price', direction: 'asc', cast: 'numeric' },
  'price-high': { column: 'price', direction: 'desc', cast: 'numeric' },
};

function areaWalkIds(shape: Shape): SQL {
  const typed = valueIn(shape);
  const walk = areaWalks[shape.sort]!;
  const category = shape.category ? sql` and l.category = ${typed('category', 'text')}` : sql``;
  const condition = shape.condition ? sql` and l.condition = any(${typed('conditions', 'text[]')})` : sql``;
  const comparison = sql.raw(walk.direction === 'desc' ? '<' : '>');
  const after = shape.after ? sql` and (l.${sql.raw(walk.column)}, l.id) ${comparison} (${typed('cursorValue', walk.cast)}, ${typed('cursorId', 'uuid')})` : sql``;
  const order = sql.raw(`l.${walk.column} ${walk.direction}, l.id ${walk.direction}`);
  return sql`(
    select heads.id
      from unnest(${typed('areaPostcodes', 'text[]')}) as area(postcode)
     cross join lateral (
       select l.id, l.${sql.raw(walk.column)} as walk_key from listings l
        where l.is_active and l.pinned_at is null and l.postcode = area.postcode${category}${condition}${after}
        order by ${order}
        limit ${typed('limit', 'int')}
     ) heads
     order by heads.walk_key ${sql.raw(walk.direction)}, heads.id ${sql.raw(walk.direction)}
     limit ${typed('limit', 'int')}
  )`;
}

/**
 * A page of the listings whose words an index files under a key: a window's days
 * (listings_words_by_day_idx) or the area's postcodes (listings_words_by_postcode_idx). They are read
 * off that index alone, then checked against the area, filters, cursor and the words themselves. The
 * subquery's OFFSET 0 keeps the planner from also reading the listings' full word index or the area's
 * index and intersecting them (every match of the words, every listing of the area).
 */
function keyedWordsIds(shape: Shape, keyedWords: SQL): SQL {
  const underKeys = sql`select ${candidateColumns} from ${listings} where ${isActive} and ${keyedWords} offset 0`;
  const conditions = and(...baseConditions(shape), unpinnedCondition, shape.after ? afterCursor(shape) : undefined);
  return sql`(select ${listings.id} from (${underKeys}) as ${listings} where ${conditions} order by ${sql.join(ordering(shape.sort, distanceOf(shape)), sql`, `)} limit ${valueIn(shape)('limit', 'int')})`;
}

/**
 * The postcodes a walk may find listings in, when the area or a filter names them. Without them the
 * walk measured and sorted every postcode in the country, then looked for listings in each one
 * outside a Starter's area in turn, to no avail: 9.6 ms a page under mixed traffic, 2.5 ms of it the
 * measuring alone. A state is left to the listings' own: the counts' row keeps the state of the
 * first listing at its postcode, which nothing holds to the state of every later one.
 */
function walkedPostcodes(shape: Shape): SQL[] {
  const typed = valueIn(shape);
  const conditions: SQL[] = [];
  if (shape.area === 'radius') conditions.push(sql`${postcodeListingCounts.postcode} = any(${typed('areaPostcodes', 'text[]')})`);
  if (shape.postcode) conditions.push(sql`${postcodeListingCounts.postcode} = ${typed('postcode', 'text')}`);
  return conditions;
}

/**
 * "Nearest first" without measuring every listing: walk the postcodes (a few thousand rows,
 * kept by the map counts) from nearest to farthest and take each one's listings in id order,
 * so PostgreSQL stops as soon as a page is full.
 */
function nearestStatement(db: Queryable, shape: Shape, name: string) {
  const postcodeDistance = distanceFrom(origin, postcodeListingCounts);
  const nearest = db
    .select({ postcode: postcodeListingCounts.postcode, distance: sql<number>`${postcodeDistance}`.as('distance') })
    .from(postcodeListingCounts)
    .where(and(gt(postcodeListingCounts.activeCount, 0), ...walkedPostcodes(shape), shape.after ? sql`${postcodeDistance} >= ${value('cursorValue')}::float8` : undefined))
    // Ordered here so the outer sort only has to order ids within one distance (incremental).
    .orderBy(postcodeDistance)
    .as('nearest');
  const { rankedAtText, view, ...plainColumns } = pageColumns;
  const inPostcode = db
    .select({ ...plainColumns, rankedAtText: sql<string>`${rankedAtText}`.as('ranked_at_text'), view: sql<string>`${view}`.as('view') })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(
      and(
        sql`${listings.postcode} = ${nearest.postcode}`,
        ...baseConditions(shape),
        unpinnedCondition,
        shape.after ? sql`(${nearest.distance} > ${value('cursorValue')}::float8 or ${listings.id} > ${value('cursorId')}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(listings.id))
    .limit(value('limit'))
    .as('in_postcode');
  return db.select().from(nearest).crossJoinLateral(inPostcode).orderBy(asc(nearest.distance), asc(inPostcode.id)).limit(value('limit')).prepare(name);
}

/**
 * Listed after `since`: new listings still among the newest. Older listings renewed since are left
 * out (a renewal moves a listing up newest first, but it is not news). The rank bounds the walk along
 * the newest-first indexes (a listing's rank is never later than its creation or renewal), and the
 * creation time leaves out the renewed listings met on the way.
 */
const listedSince = sql`${listings.rankedAt} > ${value('since')}::timestamptz and ${listings.createdAt} > ${value('since')}::timestamptz`;

/** How many listings the browse would show that were listed after `since`, counted up to `limit`. */
function countStatement(db: Queryable, shape: Shape, name: string) {
  const matches = db
    .select({ id: listings.id })
    .from(listings)
    .where(and(...baseConditions(shape), listedSince))
    .limit(value('limit'))
    .as('matches');
  return db.select({ count: sql<number>`count(*)::int` }).from(matches).prepare(name);
}

/** The newest `limit` listings the browse would show that were listed after `since`. */
function sinceStatement(db: Queryable, shape: Shape, name: string) {
  const ids = db
    .select({ id: listings.id })
    .from(listings)
    .where(and(...baseConditions(shape), listedSince))
    .orderBy(desc(listings.rankedAt), desc(listings.id))
    .limit(value('limit'));
  // Rows, not views' text: they go into a mail.
  return db
    .select(listingColumns)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(sql`${listings.id} in ${ids}`)
    .orderBy(desc(listings.rankedAt), desc(listings.id))
    .prepare(name);
}

type StatementKind = 'first' | 'pinned' | 'page' | 'nearest' | 'count' | 'since';
const builders = { first: firstPageStatement, pinned: pinnedStatement, page: pageStatement, nearest: nearestStatement, count: countStatement, since: sinceStatement } as const;
const statements = new Map<string, (db: Queryable) => ReturnType<(typeof builders)[StatementKind]>>();

/** The statement of a kind and shape, made the first time the shape is met (there are a few hundred at most). */
function statementFor<Kind extends StatementKind>(kind: Kind, shape: Shape, db: Queryable): ReturnType<(typeof builders)[Kind]> {
  const key = `${kind}:${JSON.stringify(shape)}`;
  let statement = statements.get(key);
  if (!statement) {
    const plannedOnce = plansOnce(kind, shape);
    statement = preparedQuery(plannedOnce ? `browse_${kind}_${statements.size + 1}` : null, (handle, name) => builders[kind](handle, { ...shape, plannedOnce }, name));
    statements.set(key, statement);
  }
  return statement(db) as ReturnType<(typeof builders)[Kind]>;
}

/**
 * Statements whose best plan is the same for every value get a name, so PostgreSQL plans them once
 * per connection (planning was a third of the database's time under mixed traffic, 2 to 5 ms a
 * statement): the walk of an area's postcodes (one index read per postcode, whatever the
 * postcodes), the pinned posts of any area without words (read off their partial indexes, a few
 * thousand rows at most), a category's newest in a state or all of Australia (its own index, in
 * order), and the searches whose words are read off a keyed word index (a window's days, the
 * area's postcodes, the state: that index alone, then the page's checks and sort). Their values are kept from
 * the planner (valueIn). The rest are planned with each request's values: the best plan for words
 * or filters elsewhere depends on how many listings they match.
 */
function plansOnce(kind: StatementKind, shape: Shape): boolean {
  if (kind === 'pinned') return !shape.search;
  if (kind !== 'first' && kind !== 'page') return false;
  if (shape.search) return shape.window === true || shape.areaWords === true || shape.stateWords === true;
  return walksAreaPostcodes(shape) || readsCategoryInOrder(shape);
}

/** Newest first in one category of a state or of all Australia, nothing else asked: listings_state_category_ranked_idx or listings_category_ranked_idx, in order. */
function readsCategoryInOrder(shape: Shape): boolean {
  return shape.sort === 'newest' && shape.category && (shape.area === 'state' || shape.area === 'everywhere') && !shape.condition && !shape.state && !shape.postcode && !shape.city;
}

type PageRows = Awaited<ReturnType<ReturnType<typeof firstPageStatement>['execute']>>;

/** No listing has an id below this: a cursor of (time, this) stands before every listing of that time. */
const beforeAnyId = '00000000-0000-0000-0000-000000000000';

/**
 * A newest-first page of words, window by window (decision 40): the newest days first, then as many
 * days further back as the matches found so far say the page still needs, and after a few windows
 * everything older in one go. The windows follow one another back in time, so their rows, in order,
 * are the page's.
 */
async function readSearchWindows(db: Queryable, shape: Shape, values: BrowseValues, windows: SearchWindows) {
  const wanted = values.limit;
  // Every statement after the first window's is one more of this request's: it queues first (db/continuing.ts).
  const later = continuing(db);
  const rows: PageRows = [];
  let pinned: PageRows = [];
  let day = windows.newestDay;
  let days = windows.firstDays;
  let searchedDays = 0;
  // Only a first page teaches the next search (a page deep in the past, whose windows meet the
  // century-back listings, says nothing about how a first page fills).
  const remember = (days: number | null) => {
    if (!shape.after) rememberDaysForPage(windows.key, days);
  };
  const done = () => {
    remember(searchedDays);
    return { pinned, rows };
  };
  for (let window = 0; window < maxWindows; window += 1) {
    if (window > 0) {
      // Days without a listing are not searched: listings past their listing time rank a century back
      // (decision 34), and most of a mature catalogue is there, below months without a listing. With
      // nothing found yet, the windows go on from the next day with listings. Once they have found
      // some, the newest listings' days are done: the exhaustive search reads the rest at once (a
      // window over the empty days cost as much as a full one, 14 ms at 1,000,000 listings, for nothing).
      const older = await newestRankBefore(later, startOfDay(day + 1));
      if (older === null) return done();
      if (dayOf(older) < day) {
        if (rows.length > 0) break;
        day = dayOf(older);
      }
    }
    const windowKeys = windowDays(day, days).map((one) => (windows.state === null ? one : `${windows.state}${one}`));
    const windowWords = wordsUnder(windows.words, windowKeys)!;
    const windowValues = { ...values, windowWords, limit: wanted - rows.length };
    const windowShape = { ...shape, window: true, stateWindow: windows.state !== null };
    if (window === 0 && !shape.after) {
      const both = await statementFor('first', windowShape, db).execute(windowValues);
      pinned = both.filter((row) => row.pinnedAt !== null);
      rows.push(...both.filter((row) => row.pinnedAt === null));
    } else {
      rows.push(...(await statementFor('page', windowShape, window === 0 ? db : later).execute(windowValues)));
    }
    searchedDays += days;
    day -= days;
    if (rows.length >= wanted) return done();
    // Nothing in the newest two windows: a rare word (or none listed), whose few matches the
    // exhaustive search reads at once, rather than more windows (each a statement) finding little.
    if (rows.length === 0 && window >= 1) break;
    // Matches too thin for windows: the exhaustive search reads the rest at once.
    if (!windowsWorthIt({ searchedDays, found: rows.length, needed: wanted - rows.length })) break;
    days = nextWindowDays({ searchedDays, found: rows.length, needed: wanted - rows.length, lastDays: days });
  }
  remember(null);
  // Everything ranked before the last window's first day (a rare word's few matches, the rest of a
  // page the windows did not fill), below that time: in a state, its own matches of the words; else
  // the exhaustive search.
  const stateWords = windows.state === null ? null : wordsUnder(windows.words, [windows.state]);
  const restShape: Shape = stateWords === null ? { ...shape, after: true } : { ...shape, after: true, stateWords: true };
  const rest = await statementFor('page', restShape, later).execute({
    ...values,
    ...(stateWords === null ? {} : { stateWords }),
    cursorValue: startOfDay(day + 1),
    cursorId: beforeAnyId,
    limit: wanted - rows.length,
  });
  return { pinned, rows: [...rows, ...rest] };
}

/** When the newest active listing ranked before `time` was ranked (milliseconds), if there is one: one step along the newest-first index. */
async function newestRankBefore(db: Queryable, time: string): Promise<number | null> {
  const ranked = (await rankBefore(db, { time }))[0]?.ranked;
  return ranked === undefined ? null : timestampMs(ranked);
}

/** Named: one plan for any time (the newest of the active listings ranked before it, off their index). */
const rankBefore = preparedStatement<{ time: string }, { ranked: string }>(
  'listing_rank_before',
  (value) => sql`select ${listings.rankedAt}::text as ranked from ${listings} where ${listings.isActive} and ${listings.rankedAt} < ${value.time}::timestamptz order by ${listings.rankedAt} desc limit 1`,
);

/**
 * A newest-first search's windows: its words, the day its first window starts on, how many days
 * that window spans, the key its rate of matches is kept under (listing-search-windows.ts), and the
 * state whose own days they read (null: the country's).
 */
type SearchWindows = { words: string; newestDay: number; firstDays: number; key: string; state: string | null };

/** The windows of a newest-first search; null to search exhaustively. */
async function searchWindowsFor(db: Queryable, shape: Shape, values: BrowseValues, skipsRareWords: boolean): Promise<SearchWindows | null> {
  if (shape.sort !== 'newest' || !shape.search || !values.search) return null;
  // A small area (a neighbourhood's postcodes, one postcode, a city) holds a share of the country's
  // listings too small for windows of the country's words: its own index bounds the exhaustive search
  // (measured at 1,000,000 listings: "bike" around Melbourne 11 ms exhaustive, 25 ms by windows).
  if (shape.area === 'radius' || shape.postcode || shape.city) return null;
  const words = await parsedWords(db, shape, values.search);
  if (wordsUnder(words, [0]) === null) return null;
  // Words the statistics say are rare: the exhaustive search reads their few matches at once.
  const shares = skipsRareWords ? await wordSharesOf(db) : null;
  const share = shares ? shareOfWords(words, shares) : null;
  if (shares && share !== null && share * shares.listings < windowsFromMatches) return null;
  // After a cursor, the cursor's own day; on a first page, tomorrow's too (a server's clock ahead of this one's).
  const cursorMs = shape.after && values.cursorValue ? timestampMs(values.cursorValue) : null;
  if (shape.after && cursorMs === null) return null;
  const key = JSON.stringify([words, { ...shape, after: false }, values.areaState ?? null, values.category ?? null, values.conditions ?? null, values.state ?? null]);
  // The last such search's windows did not fill its page: a rare word here, read at once.
  const firstDays = firstWindowFor(key);
  if (firstDays === null && skipsRareWords) return null;
  // Within a state its own days are read, not the country's.
  const state = stateOfSearch(shape, values);
  return { words, newestDay: cursorMs !== null ? dayOf(cursorMs) : dayOf(Date.now()) + 1, firstDays: firstDays ?? firstWindowDays, key, state };
}

/** A search's words as a tsquery's text: parsed by PostgreSQL, or already corrected ones (typos mode). */
async function parsedWords(db: Queryable, shape: Shape, search: string): Promise<string> {
  return shape.mode === 'typos' ? search : wordsOfSearch(db, search);
}

/**
 * The words of a search in a neighbourhood (a Starter's, a visitor's) or of one postcode, put under
 * its postcodes (decision 41); null to search otherwise. Such an area holds a few hundred of a common
 * word's tens of thousands of matches: they are read off listings_words_by_postcode_idx, where the
 * exhaustive search read every match in the country and every listing of the area to intersect them.
 */
async function areaWordsFor(db: Queryable, shape: Shape, values: BrowseValues): Promise<string | null> {
  if (!shape.search || !values.search || shape.sort === 'distance') return null;
  const postcodes = shape.postcode && values.postcode ? [values.postcode] : shape.area === 'radius' ? (values.areaPostcodes ?? []) : [];
  if (postcodes.length === 0) return null;
  return wordsUnder(await parsedWords(db, shape, values.search), postcodes);
}

/** The state a search is in: the area's, or one asked for (both, when they differ, find nothing); null for none. */
function stateOfSearch(shape: Shape, values: BrowseValues): string | null {
  return (shape.state ? values.state : undefined) ?? (shape.area === 'state' ? values.areaState : undefined) ?? null;
}

/**
 * The words of a search in one state put under it, for the searches there that windows of days do not
 * read (words the statistics say are rare, orders other than newest first); null to search otherwise.
 * They are read off listings_words_by_state_idx (migration 0048): the exhaustive search read every
 * match in the country and kept the state's (611 listings for 120 in New South Wales, 10,286 for 139
 * in Tasmania, at 1,000,000 listings).
 */
async function stateWordsFor(db: Queryable, shape: Shape, values: BrowseValues): Promise<string | null> {
  if (!shape.search || !values.search || shape.sort === 'distance') return null;
  const state = stateOfSearch(shape, values);
  return state === null ? null : wordsUnder(await parsedWords(db, shape, values.search), [state]);
}

/** A page's rows and, on a first page, the pins that lead it: one statement, except for "nearest first" and searches. */
async function readPage(db: Queryable, givenShape: Shape, givenValues: BrowseValues, searchPlan: SearchPlan) {
  let shape = givenShape;
  let values = givenValues;
  if (searchPlan !== 'exhaustive') {
    const areaWords = await areaWordsFor(db, shape, values);
    if (areaWords !== null) {
      shape = { ...shape, areaWords: true };
      values = { ...values, areaWords };
    } else {
      const windows = await searchWindowsFor(db, shape, values, searchPlan === 'chosen');
      if (windows) return readSearchWindows(db, shape, values, windows);
      const stateWords = await stateWordsFor(db, shape, values);
      if (stateWords !== null) {
        shape = { ...shape, stateWords: true };
        values = { ...values, stateWords };
      }
    }
  }
  if (shape.sort === 'distance') {
    const pinned = shape.after ? [] : await statementFor('pinned', shape, db).execute(values);
    const rows = (await statementFor('nearest', shape, shape.after ? db : continuing(db)).execute(values)).map((row) => ({ ...row.in_postcode, distance: row.nearest.distance }));
    return { pinned, rows };
  }
  if (shape.after) return { pinned: [], rows: await statementFor('page', shape, db).execute(values) };
  const both = await statementFor('first', shape, db).execute(values);
  return { pinned: both.filter((row) => row.pinnedAt !== null), rows: both.filter((row) => row.pinnedAt === null) };
}

function areaValues(area: SearchArea): Pick<BrowseValues, 'areaState' | 'areaPostcodes'> {
  if (area.kind === 'state') return { areaState: area.state };
  if (area.kind !== 'radius') return {};
  return { areaPostcodes: postcodeListWithin(area) };
}

/** A listing on a page: its view's JSON text as PostgreSQL wrote it (listingViewJson), and what a viewer's text adds to it. */
export type PageListing = { id: string; postcode: string | null; view: string };

export type BrowseResult = { items: PageListing[]; nextCursor: string | null };

/** The conditions a browse asks for (the query schema checked them), or none. */
function conditionsOf(query: Pick<BrowseListingsQuery, 'condition'>): string[] | undefined {
  return (query.condition && parseConditionFilter(query.condition)) || undefined;
}

function shapeOf(query: Omit<BrowseListingsQuery, 'limit'>, page: { sort: SortOption; mode: SearchMode; area: SearchArea; after: boolean }): Shape {
  return {
    sort: page.sort,
    mode: page.mode,
    area: page.area.kind,
    category: Boolean(query.category),
    condition: Boolean(query.condition),
    state: Boolean(query.state),
    postcode: Boolean(query.postcode),
    city: query.location ?? null,
    search: Boolean(query.search),
    after: page.after,
  };
}

/**
 * How many listings a browse with these filters shows the viewer that were listed after `since`
 * (a saved search's "new since you last looked"), counted up to `cap`: the same area and filters as
 * the browse itself.
 */
/** A time as PostgreSQL wrote it (to the microsecond: a listing's own time), or a Date (to the millisecond). */
type Since = Date | string;

function sinceValues(input: { viewer: Viewer; query: Omit<BrowseListingsQuery, 'limit'>; since: Since; limit: number }): { shape: Shape; values: BrowseValues } {
  const area = searchAreaFor(input.viewer);
  const from = browseOrigin(input.viewer, input.query);
  return {
    shape: shapeOf(input.query, { sort: 'newest', mode: 'words', area, after: false }),
    values: {
      ...areaValues(area),
      category: input.query.category,
      conditions: conditionsOf(input.query),
      state: input.query.state,
      postcode: input.query.postcode,
      search: input.query.search,
      originLatitude: from.latitude,
      originLongitude: from.longitude,
      since: typeof input.since === 'string' ? input.since : input.since.toISOString(),
      limit: input.limit,
    },
  };
}

/**
 * How many listings a browse with these filters shows the viewer that were listed after `since`
 * (a saved search's "new since you last looked"), counted up to `cap`: the same area and filters as
 * the browse itself.
 */
export async function countListedSince(
  deps: Pick<ServerDeps, 'db'>,
  input: { viewer: Viewer; query: Omit<BrowseListingsQuery, 'limit'>; since: Since; cap: number },
): Promise<number> {
  const { shape, values } = sinceValues({ ...input, limit: input.cap });
  const [row] = await statementFor('count', shape, deps.db).execute(values);
  return row?.count ?? 0;
}

/** The newest listings (at most `limit`) a browse with these filters shows the viewer that were listed after `since`. */
export async function listListedSince(
  deps: Pick<ServerDeps, 'db'>,
  input: { viewer: Viewer; query: Omit<BrowseListingsQuery, 'limit'>; since: Since; limit: number },
): Promise<ListingView[]> {
  const { shape, values } = sinceValues(input);
  const rows = await statementFor('since', shape, deps.db).execute(values);
  return rows.map((row) => toListingView(row, null));
}

/** Where distances are measured from: the postcode being browsed, else the viewer's own place. */
export function browseOrigin(viewer: Viewer, query: Pick<BrowseListingsQuery, 'postcode'>): Point {
  return (query.postcode && findPostcode(query.postcode)) || placeOfViewer(viewer).point;
}

/** Members, and visitors who chose a place, see how far each listing is. */
export function showsDistance(viewer: Viewer, query: Pick<BrowseListingsQuery, 'postcode' | 'near'>): boolean {
  return viewer.user !== null || Boolean(query.postcode || query.near);
}

/**
 * A page's JSON text for one viewer, made from the listings' own texts: with each listing's distance
 * from the origin when the viewer sees distances (as "nearest first" measures it: every listing stands
 * at its postcode's centre; null otherwise), and the member's hearts. Many viewers share the page; each
 * gets this.
 */
export function pageText(items: readonly PageListing[], viewer: { origin: Point | null; favouriteIds: ReadonlySet<string> }): string {
  const texts = items.map((item) => {
    if (!item.view.startsWith(unfavouredStart)) throw new Error('A listing view from the database does not start as listingViewJson writes it.');
    // No distance for a viewer who is not shown one (null, as toListingView writes it).
    const place = viewer.origin && item.postcode ? findPostcode(item.postcode) : undefined;
    let start = `{"distanceKm":${viewer.origin && place ? shownDistanceKm(distanceKm(viewer.origin, place)) : null},`;
    start += viewer.favouriteIds.has(item.id) ? '"isFavourite":true,' : unfavouredStart.slice(1);
    return start + item.view.slice(unfavouredStart.length);
  });
  return `[${texts.join(',')}]`;
}

/**
 * How a search reads. 'chosen', the product's: by the area's postcodes in a neighbourhood or a
 * postcode, window by window over a state or the country, except words the statistics or the last
 * such search show rare, which are read exhaustively. 'windows': the same, always by windows where
 * they apply. 'exhaustive': every match, then sorted. Tests hold the first two to the third.
 */
export type SearchPlan = 'chosen' | 'windows' | 'exhaustive';

/**
 * A page of listings in the viewer's area. Its items carry no distance and no hearts: the page is the
 * same for every viewer of the area and query (the order of "nearest first" aside, which follows the
 * origin), so the caller shares it and makes each viewer's text with pageText.
 */
export async function browseListings(
  deps: Pick<ServerDeps, 'db'>,
  input: { viewer: Viewer; query: BrowseListingsQuery; searchPlan?: SearchPlan },
): Promise<BrowseResult> {
  const { viewer, query, searchPlan = 'chosen' } = input;
  // The statements planned once choose at most a page of the largest size (plannedOnceIdsAtMost).
  if (query.limit > browsePageLimits.max) throw new Error(`A page holds at most ${browsePageLimits.max} listings.`);
  const sort = query.sort ?? 'newest';
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  const from = browseOrigin(viewer, query);
  const area = searchAreaFor(viewer);
  const values: BrowseValues = {
    ...areaValues(area),
    category: query.category,
    conditions: conditionsOf(query),
    state: query.state,
    postcode: query.postcode,
    search: query.search,
    originLatitude: from.latitude,
    originLongitude: from.longitude,
    cursorValue: cursor?.value,
    cursorId: cursor?.id,
    limit: query.limit + 1,
  };

  const fetchPage = async (db: Queryable, mode: SearchMode) => {
    const shape = shapeOf(query, { sort, mode, area, after: cursor !== null });
    // Typos: the words read as the catalogue's nearest ones (decision 42); none near enough, no page.
    const search = mode === 'typos' && query.search ? await correctedWords(db, query.search) : query.search;
    if (mode === 'typos' && !search) return { items: [], nextCursor: null };
    const { pinned, rows } = await readPage(db, shape, { ...values, search: search ?? undefined }, searchPlan);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const lastValue = (row: NonNullable<typeof last>) =>
      sort === 'newest' ? row.rankedAtText : sort === 'distance' ? String(Number(row.distance)) : row.price;
    return {
      items: [...pinned, ...page].map((row) => ({ id: row.id, postcode: row.postcode, view: row.view })),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ sort, mode, value: lastValue(last), id: last.id }) : null,
    };
  };

  const mode: SearchMode = cursor?.mode ?? 'words';
  const result = await fetchPage(deps.db, mode);
  // Nothing matched the words: when the catalogue does not know one of them, it is likely misspelt, so
  // try again with each unknown word read as the catalogue's nearest word (decision 42). Words it
  // knows stay an empty page (decision 17): a look-alike of a real word finds other things. (No listing
  // has a word the catalogue does not know, so this asks nothing of the listings themselves.)
  if (query.search && !cursor && mode === 'words' && result.items.length === 0) return fetchPage(continuing(deps.db), 'typos');
  return result;
}
