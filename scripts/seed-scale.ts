// `npm run seed:scale -- --listings 1000000 --users 100000 [--database-url URL] [--parallel 2]`
// Empties a PostgreSQL database and fills it with realistic members and listings for load tests.
// Rows are generated inside PostgreSQL (INSERT ... SELECT over generate_series, word lists passed
// as array parameters), in chunks spread over a few connections; the listings' secondary indexes
// are dropped for the load and rebuilt afterwards, which is several times faster than keeping them.
import os from 'node:os';
import pg from 'pg';
import { formatListingLocation, listingCategories } from '../src/domain/listing';
import type { MembershipTier } from '../src/domain/tiers';
import { membershipTiers, tierRules } from '../src/domain/tiers';
import { hashPassword } from '../src/server/auth/passwords';
import { tiersWithPinnedPosts } from '../src/domain/membership';
import { openDatabase } from '../src/server/db/open-database';
import { rebuildPostcodeCounts } from '../src/server/map/postcode-counts';
import { findPostcode, listPostcodes } from '../src/server/postcodes/postcode-directory';
import { benchMemberEmail, benchMemberPostcode, benchPassword } from './bench/bench-accounts';
import { isPostgresUrl, parseCliArgs, positiveIntegerArg, redactDatabaseUrl, stringArg } from './bench/cli-args';
import {
  adjectives,
  categoryVocabulary,
  conditions,
  detailsPerCategory,
  firstNames,
  itemsPerCategory,
  lastNames,
  pickupNotes,
  reasons,
} from './bench/seed-vocabulary';


/** Metro postcode ranges get more members, as the cities hold most of the population. */
const metroRanges: [number, number][] = [
  [2000, 2234], // Sydney
  [3000, 3207], // Melbourne
  [4000, 4179], // Brisbane
  [5000, 5199], // Adelaide
  [6000, 6199], // Perth
];
/** Slots per metro postcode against one per regional postcode: puts about 70% of members in a city. */
const metroWeight = 7;
/** Share of members per tier, in percent. */
const tierMix: [MembershipTier, number][] = [
  ['starter', 30],
  ['explorer', 50],
  ['connector', 15],
  ['lifetime', 5],
];
const inactiveShare = 0.1;
const listingChunkSize = 50_000;
const userChunkSize = 50_000;
/** Share of Connector and Lifetime sellers (the tiers with a pinned post) who pin their newest listing. */
const pinningShare = 0.3;
const placesTable = 'seed_scale_places';
const savedIndexesTable = 'seed_scale_saved_indexes';
/** Every table in the public schema is emptied except these (app_meta holds the app's own settings). */
const keptTables = ['app_meta', placesTable, savedIndexesTable];

type Place = { postcode: string; suburb: string | null; state: string; latitude: number; longitude: number; location: string };

function isMetro(postcode: string): boolean {
  const value = Number(postcode);
  return metroRanges.some(([from, to]) => value >= from && value <= to);
}

/** Every known postcode as weighted slots: metro postcodes repeat, cycling through their suburbs. */
function buildPlaceSlots(): Place[] {
  const slots: Place[] = [];
  for (const entry of listPostcodes()) {
    const count = isMetro(entry.postcode) ? metroWeight : 1;
    for (let index = 0; index < count; index += 1) {
      const suburb = entry.suburbs.length > 0 ? entry.suburbs[index % entry.suburbs.length] : null;
      slots.push({
        postcode: entry.postcode,
        suburb,
        state: entry.state,
        latitude: entry.latitude,
        longitude: entry.longitude,
        location: formatListingLocation({ suburb, state: entry.state, postcode: entry.postcode }),
      });
    }
  }
  return slots;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  process.stdout.write(`  ${label} ... `);
  const result = await work();
  console.log(seconds(started));
  return result;
}

type SqlTask = { sql: string; params: unknown[] };

/** Runs the tasks on up to `parallel` connections at once. */
async function runInParallel(pool: pg.Pool, parallel: number, tasks: SqlTask[], onDone?: (done: number) => void) {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      await pool.query(task.sql, task.params);
      done += 1;
      onDone?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, tasks.length) }, worker));
}

/** Rebuilds indexes a previous, interrupted run dropped, then forgets them. */
async function restoreSavedIndexes(pool: pg.Pool, parallel: number, reason = 'an earlier, interrupted run dropped'): Promise<void> {
  const { rows: exists } = await pool.query(`select to_regclass($1) is not null as present`, [savedIndexesTable]);
  if (!exists[0].present) return;
  const { rows } = await pool.query<{ name: string; definition: string }>(
    `select s.name, s.definition from ${savedIndexesTable} s where to_regclass(quote_ident(s.name)) is null order by s.build_order`,
  );
  if (rows.length > 0) {
    console.log(`  rebuilding ${rows.length} listings index(es) ${reason}: ${rows.map((row) => row.name).join(', ')}`);
    await runInParallel(
      pool,
      parallel,
      rows.map((row) => ({ sql: row.definition, params: [] })),
    );
  }
  await pool.query(`drop table ${savedIndexesTable}`);
}

/** Saves and drops the listings' secondary indexes (primary key and constraints stay). */
async function dropListingIndexes(pool: pg.Pool): Promise<string[]> {
  await pool.query(`create table ${savedIndexesTable} (name text primary key, definition text not null, build_order int not null)`);
  // GIN indexes first when rebuilding: they take longest, so they start while the b-trees share the other connection.
  await pool.query(
    `insert into ${savedIndexesTable} (name, definition, build_order)
     select i.relname, pg_get_indexdef(i.oid), row_number() over (order by (am.amname = 'gin') desc, i.relname)
     from pg_index x
     join pg_class i on i.oid = x.indexrelid
     join pg_am am on am.oid = i.relam
     where x.indrelid = 'listings'::regclass
       and not x.indisprimary
       and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
  );
  const { rows } = await pool.query<{ name: string }>(`select name from ${savedIndexesTable} order by build_order`);
  for (const row of rows) await pool.query(`drop index if exists "${row.name.replace(/"/g, '""')}"`);
  return rows.map((row) => row.name);
}

type SeedScaleOptions = { databaseUrl: string; listings: number; users: number; parallel: number };

async function seedScale(options: SeedScaleOptions): Promise<void> {
  const { databaseUrl, listings, users, parallel } = options;
  const started = performance.now();
  console.log(`Scale seed: ${listings.toLocaleString('en-AU')} listings, ${users.toLocaleString('en-AU')} members into ${redactDatabaseUrl(databaseUrl)}`);

  const database = await timed('opening the database and applying migrations', () => openDatabase({ databaseUrl, poolSize: 1 }));

  // A bulk load that is redone from scratch on failure does not need to wait for each flush.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: parallel + 1, options: '-c synchronous_commit=off -c maintenance_work_mem=512MB' });
  let indexesDropped = false;
  try {
    await restoreSavedIndexes(pool, parallel);

    const { rows: tableRows } = await pool.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' and tablename <> all($1::text[]) order by tablename`,
      [keptTables],
    );
    const clearedTables = tableRows.map((row) => `"${row.name.replace(/"/g, '""')}"`);
    await timed(`TRUNCATE ${tableRows.map((row) => row.name).join(', ')} (everything in them is deleted)`, () =>
      pool.query(`truncate table ${clearedTables.join(', ')} cascade`),
    );

    const places = buildPlaceSlots();
    await timed(`staging ${places.length.toLocaleString('en-AU')} weighted postcode slots in ${placesTable}`, async () => {
      await pool.query(`drop table if exists ${placesTable}`);
      await pool.query(
        `create unlogged table ${placesTable} (slot int primary key, postcode varchar(4) not null, suburb varchar(100),
           state varchar(3) not null, latitude float8 not null, longitude float8 not null, location varchar(120) not null)`,
      );
      await pool.query(
        `insert into ${placesTable} select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::text[])`,
        [
          places.map((_, index) => index + 1),
          places.map((place) => place.postcode),
          places.map((place) => place.suburb),
          places.map((place) => place.state),
          places.map((place) => place.latitude),
          places.map((place) => place.longitude),
          places.map((place) => place.location),
        ],
      );
    });

    const passwordHash = await timed(`hashing '${benchPassword}' once with argon2id (shared by every seeded account)`, () => hashPassword(benchPassword));

    const dropped = await timed('dropping the listings secondary indexes for the load (saved, rebuilt below)', () => dropListingIndexes(pool));
    indexesDropped = true;
    console.log(`    ${dropped.join(', ')}`);

    // A member's place is a pure function of their number, so listings can find their seller's
    // place without reading the users table back.
    const slotOf = (numberSql: string) => `((hashint4(${numberSql})::bigint + 2147483648) % ${places.length} + 1)::int`;
    const tierCase = `case ${tierMix
      .slice(0, -1)
      .map(([tier], index) => `when u.tier_roll < ${tierMix.slice(0, index + 1).reduce((sum, [, share]) => sum + share, 0)} then '${tier}'`)
      .join(' ')} else '${tierMix.at(-1)![0]}' end`;
    if (!tierMix.every(([tier]) => membershipTiers.includes(tier))) throw new Error('tierMix names an unknown tier');

    const userSql = `
      insert into users (id, email, password, first_name, last_name, membership_tier, is_email_verified, postcode, state, suburb, location, created_at, updated_at)
      select md5('bench-user-' || u.g)::uuid, 'member' || u.g || '@bench.local', $3,
             ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int],
             ($5::text[])[1 + floor(random() * cardinality($5::text[]))::int],
             ${tierCase}, true, p.postcode, p.state, p.suburb, p.location, u.joined, u.joined
      from (
        select g, floor(random() * 100)::int as tier_roll, now() - random() * interval '730 days' as joined, ${slotOf('g')} as slot
        from generate_series($1::int, $2::int) g
        offset 0
      ) u
      join ${placesTable} p on p.slot = u.slot`;
    const userTasks: SqlTask[] = [];
    for (let from = 1; from <= users; from += userChunkSize) {
      userTasks.push({ sql: userSql, params: [from, Math.min(users, from + userChunkSize - 1), passwordHash, firstNames, lastNames] });
    }
    await timed(`inserting ${users.toLocaleString('en-AU')} members (all email-verified, tiers ${tierMix.map(([t, s]) => `${t} ${s}%`).join(', ')})`, () =>
      runInParallel(pool, parallel, userTasks),
    );

    const home = findPostcode(benchMemberPostcode)!;
    const homeSuburb = home.suburbs[0] ?? null;
    await timed(`inserting bench members ${membershipTiers.map(benchMemberEmail).join(', ')} at ${benchMemberPostcode}`, () =>
      pool.query(
        `insert into users (email, password, first_name, last_name, membership_tier, is_email_verified, postcode, state, suburb, location)
         select t.email, $4, 'Bench', t.last_name, t.tier, true, $5, $6, $7, $8
         from unnest($1::text[], $2::text[], $3::text[]) as t(email, tier, last_name)`,
        [
          membershipTiers.map(benchMemberEmail),
          [...membershipTiers],
          membershipTiers.map((tier) => tier.charAt(0).toUpperCase() + tier.slice(1)),
          passwordHash,
          benchMemberPostcode,
          home.state,
          homeSuburb,
          formatListingLocation({ suburb: homeSuburb, state: home.state, postcode: benchMemberPostcode }),
        ],
      ),
    );

    const categories = listingCategories.map((category) => category.value);
    const vocabulary = categories.map((category) => categoryVocabulary[category]);
    const listingSql = `
      insert into listings (title, description, price, category, location, seller_id, is_active, postcode, suburb, state, latitude, longitude, created_at, listed_at, ranked_at, updated_at)
      select l.adjective || ' ' || l.item,
             l.adjective || ' ' || l.item || ' in ' || l.condition || ' condition. ' || l.reason || '. ' || l.detail || ' '
               || l.pickup || ' ' || coalesce(p.suburb, p.postcode) || '.',
             l.price, l.category, p.location, md5('bench-user-' || l.seller)::uuid, l.active,
             p.postcode, p.suburb, p.state, p.latitude, p.longitude, l.created, l.created, l.created, l.created
      from (
        select r.seller, r.active, r.created,
               ($3::text[])[r.cat + 1] as category,
               ($4::text[])[r.cat * ${itemsPerCategory} + 1 + floor(random() * ${itemsPerCategory})::int] as item,
               ($5::text[])[r.cat * ${detailsPerCategory} + 1 + floor(random() * ${detailsPerCategory})::int] as detail,
               ($6::text[])[1 + floor(random() * cardinality($6::text[]))::int] as adjective,
               ($7::text[])[1 + floor(random() * cardinality($7::text[]))::int] as condition,
               ($8::text[])[1 + floor(random() * cardinality($8::text[]))::int] as reason,
               ($9::text[])[1 + floor(random() * cardinality($9::text[]))::int] as pickup,
               round((($10::float8[])[r.cat + 1] * exp(random() * ln(($11::float8[])[r.cat + 1] / ($10::float8[])[r.cat + 1])))::numeric,
                     case when random() < 0.25 then 2 else 0 end) as price
        from (
          select floor(random() * ${categories.length})::int as cat,
                 1 + floor(power(random(), 1.3) * $12::int)::int as seller,
                 random() >= ${inactiveShare} as active,
                 now() - random() * interval '365 days' as created
          from generate_series($1::int, $2::int) g
          offset 0
        ) r
        offset 0
      ) l
      join ${placesTable} p on p.slot = ${slotOf('l.seller')}`;
    const listingParams = [
      categories,
      vocabulary.flatMap((entry) => entry.items),
      vocabulary.flatMap((entry) => entry.details),
      adjectives,
      conditions,
      reasons,
      pickupNotes,
      vocabulary.map((entry) => entry.minPrice),
      vocabulary.map((entry) => entry.maxPrice),
      users,
    ];
    if (vocabulary.some((entry) => entry.items.length !== itemsPerCategory || entry.details.length !== detailsPerCategory)) {
      throw new Error(`every category needs ${itemsPerCategory} items and ${detailsPerCategory} details`);
    }
    const listingTasks: SqlTask[] = [];
    for (let from = 1; from <= listings; from += listingChunkSize) {
      listingTasks.push({ sql: listingSql, params: [from, Math.min(listings, from + listingChunkSize - 1), ...listingParams] });
    }
    await timed(
      `inserting ${listings.toLocaleString('en-AU')} listings (${Math.round(inactiveShare * 100)}% sold, created over the last 365 days) on ${parallel} connections`,
      () =>
        runInParallel(pool, parallel, listingTasks, (done) => {
          if (done % 4 === 0 && done < listingTasks.length) process.stdout.write(`${Math.min(listings, done * listingChunkSize).toLocaleString('en-AU')} `);
        }),
    );

    const { rowCount: hasPins } = await pool.query(
      `select 1 from information_schema.columns where table_schema = 'public' and table_name = 'listings' and column_name = 'pinned_at'`,
    );
    if (hasPins) {
      await timed(`pinning the newest active listing of ${Math.round(pinningShare * 100)}% of ${tiersWithPinnedPosts.join('/')} sellers`, () =>
        pool.query(
          `update listings l set pinned_at = least(now(), l.created_at + interval '1 hour')
           from (
             select distinct on (candidate.seller_id) candidate.id
             from listings candidate
             join users u on u.id = candidate.seller_id
             where candidate.is_active and u.membership_tier = any($1::text[])
               and get_byte(decode(md5(u.id::text), 'hex'), 0) < $2
             order by candidate.seller_id, candidate.created_at desc
           ) pick
           where l.id = pick.id`,
          [tiersWithPinnedPosts, Math.round(pinningShare * 256)],
        ),
      );
    }

    // Listings whose plan's listing time has passed rank a century back, as the hourly upkeep leaves
    // them (decision 34); otherwise the app's first upkeep moves most of the catalogue under load.
    await timed('moving the listings past their plan’s listing time below the newer ones, as the upkeep does', () =>
      pool.query(
        `update listings l set ranked_at = l.listed_at - interval '100 years'
           from users u
          where u.id = l.seller_id and l.ranked_at = l.listed_at
            and l.listed_at <= now() - make_interval(days => coalesce((select days from unnest($1::text[], $2::int[]) as plan(tier, days) where plan.tier = u.membership_tier), $3))`,
        [[...membershipTiers], membershipTiers.map((tier) => tierRules[tier].listingTimeDays), tierRules.starter.listingTimeDays],
      ),
    );

    const rebuildStarted = performance.now();
    await restoreSavedIndexes(pool, parallel, 'dropped for the load');
    console.log(`    rebuilt in ${seconds(rebuildStarted)}`);
    indexesDropped = false;
    await pool.query(`drop table if exists ${placesTable}`);
    await timed('recounting the per-postcode active listings behind the map', () => rebuildPostcodeCounts(database.db));
    await timed('VACUUM ANALYZE (statistics and visibility map, as autovacuum would leave them)', async () => {
      for (const table of clearedTables) await pool.query(`vacuum (analyze) ${table}`);
    });

    const { rows } = await pool.query<{ users: string; listings: string; active: string; bench: string }>(
      `select (select count(*) from users) as users,
              (select count(*) from listings) as listings,
              (select count(*) from listings where is_active) as active,
              (select count(*) from users where email like 'bench-%@bench.local') as bench`,
    );
    const counts = rows[0];
    console.log(
      `Done in ${seconds(started)}: users ${Number(counts.users).toLocaleString('en-AU')} (${counts.bench} bench members), ` +
        `listings ${Number(counts.listings).toLocaleString('en-AU')} (${Number(counts.active).toLocaleString('en-AU')} active). ` +
        `Every account's password is '${benchPassword}'.`,
    );
  } catch (error) {
    if (indexesDropped) {
      console.error('\nThe load failed; rebuilding the dropped listings indexes before stopping.');
      await restoreSavedIndexes(pool, parallel).catch((restoreError: unknown) => console.error('Could not rebuild them (the next run will):', restoreError));
    }
    throw error;
  } finally {
    await pool.end();
    await database.close();
  }
}

async function main(): Promise<void> {
  const args = parseCliArgs();
  const databaseUrl = stringArg(args, 'database-url') ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    throw new Error(
      'No database given. Set DATABASE_URL or pass --database-url postgres://user@host:5432/db. ' +
        'The scale seed needs PostgreSQL; it never runs against the embedded PGlite database.',
    );
  }
  if (!isPostgresUrl(databaseUrl)) throw new Error('The scale seed only runs against PostgreSQL (a postgres:// URL); PGlite is refused.');
  await seedScale({
    databaseUrl,
    listings: positiveIntegerArg(args, 'listings', 1_000_000),
    users: positiveIntegerArg(args, 'users', 100_000),
    parallel: positiveIntegerArg(args, 'parallel', Math.max(2, Math.min(4, os.cpus().length))),
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
