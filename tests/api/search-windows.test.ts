// Decision 40: a newest-first search reads its words window by window of days, and decision 41: a
// search in a neighbourhood or a postcode reads its words under the area's postcodes. Both must
// answer exactly as the exhaustive search (every match, then sorted): same listings, same order,
// same next cursor, page after page. A seeded catalogue of a few thousand listings spread over more than a
// year (some past their listing time, a century back; some pinned, some sold) is searched with
// hundreds of random phrases, areas, plans, filters, page sizes and cursors. A neighbourhood's pages
// without words, read one postcode at a time, must be the area's listings in the order asked.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowseListingsQuery } from '../../src/domain/listing-schemas';
import { users } from '../../src/server/db/schema';
import { browseListings, type SearchPlan } from '../../src/server/listings/browse-listings';
import { postcodeListWithin, searchAreaFor, type Viewer } from '../../src/server/listings/search-area';
import { sellerMember } from './support/factories';
import { testPostgresUrl } from './support/test-database';
import { useTestServer } from './support/use-test-server';

const { server, client } = useTestServer();

/** A small seeded random source, so a failure names the case that made it. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)], below: (n: number) => Math.floor(next() * n) };
}

// A Starter at Fitzroy 3065 takes in 3065, 3068, 3000 and 3141; 3078 and 3220 are elsewhere in
// Victoria; 2010 and 6000 are other states.
const postcodes = [
  ['3065', 'VIC'],
  ['3068', 'VIC'],
  ['3000', 'VIC'],
  ['3141', 'VIC'],
  ['3078', 'VIC'],
  ['3220', 'VIC'],
  ['2010', 'NSW'],
  ['6000', 'WA'],
] as const;
const items = ['guitar', 'guitar', 'guitar', 'piano', 'bike', 'lamp', 'sofa', 'drill', 'kayak'];
const adjectives = ['red', 'blue', 'vintage', 'old', 'new', 'small'];
const extras = ['amp', 'case', 'strings', 'cable', 'cushions', 'helmet', 'bulbs', 'paddle', "o'brien"];
const categories = ['electronics', 'home', 'sports'];
const listingCount = 3_000;

const phrases = [
  'guitar',
  'guitars',
  'red guitar',
  '"red guitar"',
  'guitar -amp',
  'guitar or piano',
  'kayak paddle',
  'lamp',
  'vintage',
  "o'brien",
  'helmet bike',
  '-guitar',
  'the',
  'zzqx',
  'gitar',
  'blue -case -cable',
  '"old piano" or kayak',
];

const viewers: Record<string, Viewer> = {};

beforeAll(async () => {
  const { db } = server.database;
  const seller = await sellerMember(client, db, { tier: 'connector', postcode: '3065' });
  for (const [tier, postcode] of [
    ['starter', '3065'],
    ['explorer', '3065'],
    ['connector', '2010'],
  ] as const) {
    const member = await sellerMember(client, db, { tier, postcode, firstName: tier });
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    viewers[tier] = { user: row! };
  }
  viewers.visitor = { user: null, postcode: '3065' };

  const random = randomSource(20261128);
  const rows: string[] = [];
  const now = Date.now();
  for (let index = 0; index < listingCount; index += 1) {
    const [postcode, state] = random.pick(postcodes);
    const roll = random.next();
    // Most within the last 400 days (more of them recent), some today, some past their listing
    // time (a century earlier, decision 34).
    const ageMs = roll < 0.05 ? random.next() * 3_600_000 * 6 : roll < 0.9 ? Math.pow(random.next(), 1.5) * 400 * 86_400_000 : 0;
    const ranked = roll >= 0.9 ? new Date(now - random.next() * 200 * 86_400_000 - 100 * 365.25 * 86_400_000) : new Date(now - ageMs);
    const title = `${random.pick(adjectives)} ${random.pick(items)}`;
    const description = `${title} with ${random.pick(extras)} and ${random.pick(extras)}. The ${random.pick(adjectives)} one.`;
    const active = random.next() > 0.1;
    const pinned = random.next() < 0.03;
    const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
    rows.push(
      `(${quote(title)}, ${quote(description)}, ${10 + random.below(500)}, ${quote(random.pick(categories))}, ${quote(`Somewhere ${state} ${postcode}`)}, '${seller.user.id}', ${active}, '${postcode}', '${state}', -37.8, 144.9, '${ranked.toISOString()}', '${ranked.toISOString()}', ${pinned ? `'${ranked.toISOString()}'` : 'null'})`,
    );
  }
  // Times that fall on a day's very first microsecond are on that day.
  rows.push(
    `('red guitar at midnight', 'red guitar', 50, 'electronics', 'Somewhere VIC 3065', '${seller.user.id}', true, '3065', 'VIC', -37.8, 144.9, date_trunc('day', now() at time zone 'utc') at time zone 'utc', date_trunc('day', now() at time zone 'utc') at time zone 'utc', null)`,
  );
  await db.execute(
    sql.raw(`insert into listings (title, description, price, category, location, seller_id, is_active, postcode, state, latitude, longitude, listed_at, ranked_at, pinned_at)
             values ${rows.join(',\n')}`),
  );
  await db.execute(sql`analyze listings`);
}, 120_000);

type Case = { viewer: string; query: BrowseListingsQuery; pages: number };

function randomCase(random: ReturnType<typeof randomSource>): Case {
  const sort = random.next() < 0.75 ? 'newest' : random.pick(['price-low', 'price-high'] as const);
  const query: BrowseListingsQuery = { search: random.pick(phrases), sort, limit: 1 + random.below(25) } as BrowseListingsQuery;
  if (random.next() < 0.2) query.category = random.pick(categories) as BrowseListingsQuery['category'];
  if (random.next() < 0.1) query.state = random.pick(['VIC', 'NSW']) as BrowseListingsQuery['state'];
  if (random.next() < 0.1) query.postcode = random.pick(postcodes)[0];
  return { viewer: random.pick(Object.keys(viewers)), query, pages: 1 + random.below(4) };
}

async function pagesOf(testCase: Case, searchPlan: SearchPlan) {
  const pages: { ids: string[]; nextCursor: string | null }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < testCase.pages; page += 1) {
    const result = await browseListings(server.database, { viewer: viewers[testCase.viewer]!, query: { ...testCase.query, cursor }, searchPlan });
    pages.push({ ids: result.items.map((item) => item.id), nextCursor: result.nextCursor });
    if (!result.nextCursor) break;
    cursor = result.nextCursor;
  }
  return pages;
}

describe('search by windows of days and by postcodes', () => {
  it('answers as the exhaustive search for hundreds of random searches, page after page', async () => {
    const random = randomSource(4242);
    let pagesCompared = 0;
    let listingsCompared = 0;
    for (let index = 0; index < 200; index += 1) {
      const testCase = randomCase(random);
      const expected = await pagesOf(testCase, 'exhaustive');
      expect(await pagesOf(testCase, 'windows'), `case ${index} by windows: ${JSON.stringify(testCase)}`).toEqual(expected);
      expect(await pagesOf(testCase, 'chosen'), `case ${index} as chosen: ${JSON.stringify(testCase)}`).toEqual(expected);
      pagesCompared += expected.length;
      listingsCompared += expected.reduce((sum, page) => sum + page.ids.length, 0);
    }
    // The cases reached past first pages and found listings (a property that holds on nothing proves nothing).
    expect(pagesCompared).toBeGreaterThan(300);
    expect(listingsCompared).toBeGreaterThan(1_500);
  }, 300_000);

  it('walks a common word to its very last listing, past the listings whose time has passed', async () => {
    for (const viewer of ['visitor', 'explorer', 'connector']) {
      const walk = async (searchPlan: SearchPlan) => {
        const ids: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 200; page += 1) {
          const result = await browseListings(server.database, { viewer: viewers[viewer]!, query: { search: 'guitar', sort: 'newest', limit: 25, cursor } as BrowseListingsQuery, searchPlan });
          ids.push(...result.items.map((item) => item.id));
          if (!result.nextCursor) break;
          cursor = result.nextCursor;
        }
        return ids;
      };
      const everything = await walk('exhaustive');
      expect(await walk('windows')).toEqual(everything);
      expect(await walk('chosen')).toEqual(everything);
      expect(everything.length).toBeGreaterThan(100);
    }
  }, 120_000);
});

describe('a neighbourhood walked one postcode at a time', () => {
  it('pages through the area’s listings newest first, cheapest first and dearest first, pins leading', async () => {
    const orders = { newest: 'ranked_at desc, id desc', 'price-low': 'price asc, id asc', 'price-high': 'price desc, id desc' } as const;
    let compared = 0;
    for (const viewer of ['starter', 'visitor']) {
      const reach = searchAreaFor(viewers[viewer]!);
      if (reach.kind !== 'radius') throw new Error(`${viewer} should see a neighbourhood`);
      const area = postcodeListWithin(reach);
      for (const [sort, order] of Object.entries(orders)) {
        for (const category of [undefined, 'home']) {
          const ids: string[] = [];
          let cursor: string | undefined;
          for (let page = 0; page < 500; page += 1) {
            const result = await browseListings(server.database, { viewer: viewers[viewer]!, query: { sort, category, limit: 9, cursor } as BrowseListingsQuery });
            ids.push(...result.items.map((item) => item.id));
            if (!result.nextCursor) break;
            cursor = result.nextCursor;
          }
          const inArea = sql`is_active and postcode = any(${`{${area.join(',')}}`}::text[])${category ? sql` and category = ${category}` : sql``}`;
          const { rows: pins } = await server.database.db.execute<{ id: string }>(sql`select id from listings where ${inArea} and pinned_at is not null order by pinned_at desc limit 3`);
          const { rows: rest } = await server.database.db.execute<{ id: string }>(sql`select id from listings where ${inArea} and pinned_at is null order by ${sql.raw(order)}`);
          expect(ids, `${viewer}, ${sort}, ${category ?? 'any category'}`).toEqual([...pins, ...rest].map((row) => row.id));
          compared += ids.length;
        }
      }
    }
    // The walks met many listings (the prices repeat, so ties are ordered by id too).
    expect(compared).toBeGreaterThan(1_000);
  }, 120_000);
});

// PostgreSQL plans a named statement with each call's values until it finds one plan as good for
// all; the statements of a neighbourhood's pages and of keyed searches must settle on that one plan
// (planning them afresh cost more database time than running them). PGlite keeps no named plans.
describe.runIf(testPostgresUrl())('statements planned once per connection', () => {
  it('keeps one plan for a neighbourhood’s pages, a category’s newest and a keyed search, whatever the area, category and words', async () => {
    const visitorsAt = postcodes.map(([postcode]) => ({ user: null, postcode }) satisfies Viewer);
    const rounds = 9;
    const plans = await server.database.db.transaction(async (tx) => {
      // One connection: its own prepared statements are the ones listed afterwards.
      const onConnection = { db: tx as unknown as typeof server.database.db };
      for (let round = 0; round < rounds; round += 1) {
        const viewer = visitorsAt[round % visitorsAt.length]!;
        const category = categories[round % categories.length] as BrowseListingsQuery['category'];
        await browseListings(onConnection, { viewer, query: { sort: 'newest', limit: 9 } as BrowseListingsQuery });
        await browseListings(onConnection, { viewer, query: { search: round % 2 === 0 ? 'guitar' : 'red lamp', sort: 'newest', limit: 9 } as BrowseListingsQuery });
        // An Explorer's state and a Connector's Australia, a category each.
        await browseListings(onConnection, { viewer: viewers.explorer!, query: { sort: 'newest', category, limit: 9 } as BrowseListingsQuery });
        await browseListings(onConnection, { viewer: viewers.connector!, query: { sort: 'newest', category, limit: 9 } as BrowseListingsQuery });
      }
      return (await tx.execute<{ name: string; statement: string; generic_plans: string; custom_plans: string }>(sql`select name, statement, generic_plans, custom_plans from pg_prepared_statements where name like 'browse_%'`)).rows;
    });
    // No value in sight of the planner: one it sees (the origin of the distances, say) makes each
    // call's own plan a little cheaper at scale (a million listings), and then every call is planned.
    const unseenValue = /\(select (?:\$\d+::[a-z0-9]+(?:\[\])?|websearch_to_tsquery\('english', \$\d+::text\)|\(\$\d+::text\)::tsquery)\)/g;
    for (const plan of plans) expect(plan.statement.replace(unseenValue, ''), plan.name).not.toMatch(/\$\d/);
    const calledEveryRound = plans.filter((plan) => Number(plan.generic_plans) + Number(plan.custom_plans) >= rounds);
    expect(calledEveryRound.length, JSON.stringify(plans)).toBeGreaterThanOrEqual(4);
    // Five plans with the values, then the one plan for any value kept.
    for (const plan of calledEveryRound) expect(Number(plan.custom_plans), JSON.stringify(plan)).toBeLessThanOrEqual(5);
  }, 60_000);
});

describe('pending word entries', () => {
  it('keeps every word index of the listings to a short pending list, so no search reads a day of new listings entry by entry', async () => {
    const { rows } = await server.database.db.execute<{ name: string; options: string[] | null }>(sql`
      select c.relname as name, c.reloptions as options
        from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
       where i.indrelid = 'listings'::regclass and a.amname = 'gin'`);
    // The listings' own words, the pinned posts' and the four keyed indexes (days, postcodes, a state's days, states).
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) expect(row.options ?? [], row.name).toContain('gin_pending_list_limit=64');
  });

  it('takes the words of the catalogue and of saved searches straight into their indexes, so a misspelt search reads no pending list', async () => {
    const { rows } = await server.database.db.execute<{ name: string; options: string[] | null }>(sql`
      select c.relname as name, c.reloptions as options from pg_class c where c.relname in ('search_words_trgm_idx', 'saved_searches_instant_words_idx')`);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.options ?? [], row.name).toContain('fastupdate=false');
    // The catalogue holds this suite's words, and none of them waits in a pending list.
    const { rows: words } = await server.database.db.execute<{ count: number }>(sql`select count(*)::int as count from search_words`);
    expect(words[0]!.count).toBeGreaterThan(10);
    const { rows: cleaned } = await server.database.db.execute<{ pages: number }>(sql`select gin_clean_pending_list('search_words_trgm_idx'::regclass)::int as pages`);
    expect(cleaned[0]!.pages).toBe(0);
  });
});
