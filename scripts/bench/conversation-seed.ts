// The conversations `npm run bench:conversations` measures: about a million messages between the
// scale seed's members (or members of its own when `npm run seed:scale` has not run), written in
// SQL (generate_series) and skipped when a previous run left them in place. Seeded conversations
// have ids md5('conv-bench-conversation-<k>'), and conv_bench_seed says what was seeded, so a
// re-run finds them; every message the benchmark sends is deleted again afterwards
// (snapshotConversations / restoreConversations).
import { drizzle } from 'drizzle-orm/node-postgres';
import { formatListingLocation } from '../../src/domain/listing';
import type { Database } from '../../src/server/db/open-database';
import { rebuildPostcodeCounts } from '../../src/server/map/postcode-counts';
import { hashPassword } from '../../src/server/auth/passwords';
import { findPostcode } from '../../src/server/postcodes/postcode-directory';
import { benchPassword } from './bench-accounts';
import type pg from 'pg';

export const seedMarkerTable = 'conv_bench_seed';
const snapshotTable = 'conv_bench_snapshot';
const conversationIdSql = (numberSql: string) => `md5('conv-bench-conversation-' || ${numberSql})::uuid`;

export type ConversationSeed = {
  members: number;
  /** Whose members: the scale seed's (member<n>@bench.local) or this benchmark's own (conv-member<n>@bench.local). */
  memberSource: 'seed:scale' | 'own';
  conversations: number;
  /** The highest k of a seeded conversation's id md5('conv-bench-conversation-<k>'). */
  maxConversationNumber: number;
  messages: number;
  /** Messages with an id above this were sent by a benchmark run, not seeded. */
  maxSeededMessageId: number;
  busySellers: number;
  blocks: number;
  seededAt: string;
  seedSeconds: number;
};

export type SeedOptions = { members: number; messages: number; busySellers: number; log: (line: string) => void };

/** What an earlier run seeded, when it is still all there and as big as asked; else null. */
export async function findSeed(pool: pg.Pool, options: Pick<SeedOptions, 'members' | 'messages'>): Promise<ConversationSeed | null> {
  const { rows: present } = await pool.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [seedMarkerTable]);
  if (!present[0].present) return null;
  const { rows } = await pool.query<{ facts: ConversationSeed }>(`select facts from ${seedMarkerTable} limit 1`);
  const facts = rows[0]?.facts;
  if (!facts || facts.members < options.members || facts.messages < options.messages * 0.98) return null;
  // seed:scale empties every table (this one too), but check the rows themselves as well.
  const { rows: counted } = await pool.query<{ found: boolean }>(
    `select exists (
       select 1 from conversations c join messages m on m.conversation_id = c.id
        where c.id in (select ${conversationIdSql('g')} from generate_series(1, 100) g)) as found`,
  );
  return counted[0].found ? facts : null;
}

type Timed = <T>(label: string, work: () => Promise<T>) => Promise<T>;

function timer(log: (line: string) => void): Timed {
  return async (label, work) => {
    const started = performance.now();
    const result = await work();
    log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return result;
  };
}

/** What buyers and sellers write: enough variety that the bodies are not all one string. */
const buyerLines = [
  'Hi, is this still available?',
  'Hi! Would you take a bit less for it?',
  'Could I pick it up this weekend?',
  'Does it come with the original box?',
  'What are the dimensions, roughly?',
  'Is there any damage I should know about?',
  'Great, I can come by after work tomorrow around 6.',
  'Would Saturday morning suit you?',
  'Thanks heaps, see you then!',
  'Running about ten minutes late, sorry.',
  'Is the price negotiable at all?',
  'Could you send another photo of the back?',
  'Lovely, I will take it.',
  'Do you know how old it is?',
  'Is parking easy near you?',
];
const sellerLines = [
  'Yes, still available!',
  'Happy to do a little off if you can pick up today.',
  'Saturday works, any time after 9.',
  'It is in good nick, just a small scratch on one side.',
  'No box unfortunately, but it has the manual.',
  'About 120 cm wide and 60 deep.',
  'Sure, I will send one through tonight.',
  'Someone else is coming to look at it first, I will let you know.',
  'Sorry, it has just sold.',
  'Price is firm, sorry.',
  'Street parking out the front is fine.',
  'No worries, see you soon.',
  'It is about three years old.',
  'Thanks for picking it up, enjoy!',
  'I can hold it until Sunday for you.',
];

export async function seedConversations(pool: pg.Pool, options: SeedOptions): Promise<ConversationSeed> {
  const started = performance.now();
  const timed = timer(options.log);
  const { log } = options;

  // An earlier seed (interrupted, or smaller than asked): its conversations and messages go first.
  await pool.query(`drop table if exists ${seedMarkerTable}`);
  await timed('removing what an earlier seed left', () => removeSeededConversations(pool, options.messages));

  // Members: the scale seed's when there are enough, else this benchmark's own (with listings).
  const { rows: scaleRows } = await pool.query<{ count: number }>(`select count(*)::int as count from users where email like 'member%@bench.local'`);
  const memberSource: ConversationSeed['memberSource'] = scaleRows[0].count >= options.members ? 'seed:scale' : 'own';
  const memberPattern = memberSource === 'seed:scale' ? 'member%@bench.local' : 'conv-member%@bench.local';
  if (memberSource === 'own') await insertOwnMembers(pool, options, timed);
  else log(`  using the scale seed's ${scaleRows[0].count.toLocaleString('en-AU')} members (member<n>@bench.local) and their listings`);

  await pool.query('drop table if exists conv_bench_m, conv_bench_l, conv_bench_busy, conv_bench_plan');
  await timed('staging members, listings and the busiest sellers', async () => {
    await pool.query(
      `create unlogged table conv_bench_m as
         select row_number() over (order by id)::int as n, id from users where email like $1 order by id limit $2`,
      [memberPattern, options.members],
    );
    await pool.query('alter table conv_bench_m add primary key (n)');
    await pool.query(
      `create unlogged table conv_bench_l as
         select row_number() over (order by l.id)::int as n, l.id, l.seller_id, l.title
           from listings l join conv_bench_m m on m.id = l.seller_id`,
    );
    await pool.query('alter table conv_bench_l add primary key (n)');
    // The sellers with the most listings are the ones buyers write to most.
    await pool.query(
      `create unlogged table conv_bench_busy as
         select row_number() over (order by count(*) desc, seller_id)::int as j, seller_id, array_agg(id) as listing_ids, array_agg(title) as titles
           from conv_bench_l group by seller_id order by count(*) desc, seller_id limit $1`,
      [options.busySellers],
    );
  });

  // Thread lengths: most are a handful of messages (an enquiry and a few replies), one in twenty
  // runs from 20 to a few hundred. Busy sellers get 30 to 600 conversations each; everyone else's
  // come from random listings and random buyers (most members have a few).
  const lengthSql = `case when random() < 0.95 then 1 + floor(-ln(1 - random()) * 4)::int else 20 + floor(power(random(), 2) * 330)::int end`;
  const meanLength = 10.8;
  const expectedBusy = options.busySellers * 220;
  const roughConversations = Math.max(100, Math.ceil((options.messages / meanLength) * 1.15 - expectedBusy));
  await timed(`planning about ${Math.round(options.messages / meanLength).toLocaleString('en-AU')} conversations`, async () => {
    await pool.query(
      `create unlogged table conv_bench_plan as
       with members as (select count(*)::int as total from conv_bench_m),
            listings as (select count(*)::int as total from conv_bench_l),
            busy as (
              select b.seller_id, b.listing_ids, b.titles, 30 + floor(power(random(), 2) * 570)::int as conversations from conv_bench_busy b
            ),
            busy_conversations as (
              select b.seller_id, pick.i as listing_index, b.listing_ids, b.titles
                from busy b cross join lateral generate_series(1, b.conversations) g
                cross join lateral (select 1 + floor(random() * cardinality(b.listing_ids))::int + g * 0 as i) pick
            ),
            candidates as (
              select bc.listing_ids[bc.listing_index] as listing_id, bc.titles[bc.listing_index] as title, bc.seller_id
                from busy_conversations bc
              union all
              select l.id, l.title, l.seller_id
                from (select 1 + floor(random() * (select total from listings))::int + g * 0 as n from generate_series(1, $1::int) g) r
                join conv_bench_l l on l.n = r.n
            )
       -- Every random value is drawn below the window: above it, PostgreSQL would reuse the sort
       -- key's random() for each random() in the select list (one value for all of them).
       select row_number() over (order by c.shuffle)::int as k, c.listing_id, c.title, c.seller_id, b.id as buyer_id, c.len, c.gap_minutes, c.age_days
         from (select c.*, 1 + floor(random() * (select total from members))::int as buyer_n, random() as shuffle,
                      ${lengthSql} as len, exp(random() * ln(600)) as gap_minutes, random() * 180 as age_days
                 from candidates c offset 0) c
         join conv_bench_m b on b.n = c.buyer_n
        where b.id <> c.seller_id`,
      [roughConversations],
    );
    // One conversation per listing and buyer; then just enough of them for the messages asked for.
    await pool.query(`delete from conv_bench_plan p using conv_bench_plan q where q.listing_id = p.listing_id and q.buyer_id = p.buyer_id and q.k < p.k`);
    await pool.query(
      `delete from conv_bench_plan p using (select k, sum(len) over (order by k) as running from conv_bench_plan) r
        where r.k = p.k and r.running > $1`,
      [options.messages],
    );
    await pool.query(`alter table conv_bench_plan add column id uuid, add column started_at timestamptz`);
    await pool.query(
      `update conv_bench_plan set id = ${conversationIdSql('k')},
              started_at = now() - age_days * interval '1 day' - (len + 1) * gap_minutes * interval '1 minute'`,
    );
  });

  const { rows: planRows } = await pool.query<{ conversations: number; messages: number }>(
    `select count(*)::int as conversations, sum(len)::int as messages from conv_bench_plan`,
  );
  const planned = planRows[0];
  await timed(`inserting ${planned.conversations.toLocaleString('en-AU')} conversations`, () =>
    pool.query(
      `insert into conversations (id, listing_id, listing_title, buyer_id, seller_id, last_message_at, created_at)
       select id, listing_id, title, buyer_id, seller_id, started_at, started_at from conv_bench_plan order by k
       on conflict do nothing`,
    ),
  );
  // A (listing, buyer) pair the database already held (from a real run of the app) was skipped.
  await pool.query(`delete from conv_bench_plan p where not exists (select 1 from conversations c where c.id = p.id)`);

  // In time order, so message ids grow with time as they do when members write them. The secondary
  // index is rebuilt afterwards: far faster than a million random inserts into it.
  await timed(`inserting ${planned.messages.toLocaleString('en-AU')} messages (in time order)`, async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('set local synchronous_commit = off');
      await client.query(`set local maintenance_work_mem = '256MB'`);
      // Every row points at a conversation just inserted and at one of its two members: the
      // foreign-key checks (two lookups a row) are skipped for the load where the role may.
      const { rows: role } = await client.query<{ super: boolean }>('select rolsuper as super from pg_roles where rolname = current_user');
      if (role[0]?.super) await client.query('set local session_replication_role = replica');
      await client.query('drop index if exists messages_conversation_idx');
      await client.query(
        `insert into messages (conversation_id, sender_id, body, created_at)
         select p.id,
                case when i = 1 then p.buyer_id when (i + (random() < 0.3)::int) % 2 = 0 then p.seller_id else p.buyer_id end as sender_id,
                case when i = 1 then ($1::text[])[1] when i % 2 = 0 then ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int]
                     else ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int] end,
                p.started_at + (i + random() * 0.9) * p.gap_minutes * interval '1 minute' as created_at
           from conv_bench_plan p cross join lateral generate_series(1, p.len) i
          order by created_at`,
        [buyerLines, sellerLines],
      );
      await client.query('create index messages_conversation_idx on messages using btree (conversation_id, id desc nulls last)');
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  });

  // Fresh statistics first, or the planner still sees the empty tables and scans for every conversation.
  await timed('ANALYZE conversations, messages', () => pool.query('analyze conversations, messages'));

  // Each conversation's newest message; the side that wrote it has read everything. The other side
  // has read everything too in two of three conversations; otherwise the last 1 to 4 messages are
  // unread, and the one reminder mail already went (so the app's away-mail sweep stays quiet).
  await timed('setting last messages and read marks (a third of conversations have unread messages)', () =>
    pool.query(
      `with last as (
         select distinct on (m.conversation_id) m.conversation_id, m.id, m.created_at, m.sender_id
           from messages m join conv_bench_plan p on p.id = m.conversation_id
          order by m.conversation_id, m.id desc
       ),
       marks as (
         select l.*, random() < 0.34 as has_unread,
                coalesce((select u.id from messages u where u.conversation_id = l.conversation_id order by u.id desc
                          offset 1 + floor(random() * 4)::int limit 1), 0) as unread_mark
           from last l
       )
       update conversations c set
         last_message_id = k.id,
         last_message_at = k.created_at,
         buyer_read_up_to = case when k.has_unread and k.sender_id <> c.buyer_id then k.unread_mark else k.id end,
         seller_read_up_to = case when k.has_unread and k.sender_id <> c.seller_id then k.unread_mark else k.id end,
         buyer_notified_at = case when k.has_unread and k.sender_id <> c.buyer_id then k.created_at + interval '5 minutes' end,
         seller_notified_at = case when k.has_unread and k.sender_id <> c.seller_id then k.created_at + interval '5 minutes' end
       from marks k where c.id = k.conversation_id`,
    ),
  );

  // A few members blocked the other side of a conversation, a few blocked strangers.
  const blocks = await timed('adding member blocks', async () => {
    const { rowCount } = await pool.query(
      `insert into member_blocks (blocker_id, blocked_id)
       select blocker, blocked from (
         select case when r < 0.5 then buyer_id else seller_id end as blocker, case when r < 0.5 then seller_id else buyer_id end as blocked
           from (select buyer_id, seller_id, random() as r from conv_bench_plan tablesample bernoulli (1)) sample
         union all
         select a.id, b.id from (select 1 + floor(random() * (select count(*) from conv_bench_m))::int as a, 1 + floor(random() * (select count(*) from conv_bench_m))::int as b
                                   from generate_series(1, 1000)) r
           join conv_bench_m a on a.n = r.a join conv_bench_m b on b.n = r.b
       ) pairs where blocker <> blocked
       on conflict do nothing`,
    );
    return rowCount ?? 0;
  });

  const { rows: totals } = await pool.query<{ conversations: number; max_k: number; messages: number; max_id: string }>(
    `select (select count(*)::int from conv_bench_plan) as conversations, (select max(k) from conv_bench_plan) as max_k,
            (select count(*)::int from messages m join conv_bench_plan p on p.id = m.conversation_id) as messages,
            (select coalesce(max(id), 0) from messages) as max_id`,
  );
  await pool.query('drop table conv_bench_m, conv_bench_l, conv_bench_busy, conv_bench_plan');
  // Every conversation was written twice (inserted, then given its last message and read marks) and
  // an earlier seed may have been deleted: rewrite the tables compactly, so the planner and the
  // cache see the rows as a long-running database that autovacuum keeps would, whatever came before.
  await timed('VACUUM (FULL, ANALYZE) conversations, messages, member_blocks', async () => {
    for (const table of ['conversations', 'messages', 'member_blocks']) await pool.query(`vacuum (full, analyze) ${table}`);
  });

  const facts: ConversationSeed = {
    members: options.members,
    memberSource,
    conversations: totals[0].conversations,
    maxConversationNumber: totals[0].max_k,
    messages: totals[0].messages,
    maxSeededMessageId: Number(totals[0].max_id),
    busySellers: options.busySellers,
    blocks,
    seededAt: new Date().toISOString(),
    seedSeconds: (performance.now() - started) / 1000,
  };
  await pool.query(`create table ${seedMarkerTable} (facts jsonb not null)`);
  await pool.query(`insert into ${seedMarkerTable} (facts) values ($1)`, [JSON.stringify(facts)]);
  return facts;
}

/**
 * Deletes seeded conversations (numbers 1 to maxNumber) with their messages. The referencing rows
 * are handled first, set-wise, and the conversations then deleted without the per-row foreign-key
 * triggers: listings.sold_to_conversation_id has no index, so each conversation deleted the usual
 * way scans every listing (about 0.2 s a conversation at 1,000,000 listings).
 */
async function removeSeededConversations(pool: pg.Pool, maxNumber: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`create temp table conv_bench_doomed on commit drop as select ${conversationIdSql('g')} as id from generate_series(1, $1::int) g`, [maxNumber]);
    await client.query('delete from conv_bench_doomed d where not exists (select 1 from conversations c where c.id = d.id)');
    const { rows } = await client.query<{ count: number }>('select count(*)::int as count from conv_bench_doomed');
    if (rows[0].count > 0) {
      await client.query('delete from messages m using conv_bench_doomed d where m.conversation_id = d.id');
      await client.query('update listings l set sold_to_conversation_id = null from conv_bench_doomed d where l.sold_to_conversation_id = d.id');
      const { rows: role } = await client.query<{ super: boolean }>('select rolsuper as super from pg_roles where rolname = current_user');
      if (role[0]?.super) await client.query('set local session_replication_role = replica');
      await client.query('delete from conversations c using conv_bench_doomed d where c.id = d.id');
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Verified members of the benchmark's own (password bench-password), each with a few listings. */
async function insertOwnMembers(pool: pg.Pool, options: SeedOptions, timed: Timed): Promise<void> {
  const passwordHash = await hashPassword(benchPassword);
  const places = ['3000', '3056', '2000', '2010', '4000', '5000', '6000', '3121'].map((postcode) => {
    const place = findPostcode(postcode)!;
    const suburb = place.suburbs[0] ?? null;
    return { postcode, state: place.state, suburb, latitude: place.latitude, longitude: place.longitude, location: formatListingLocation({ suburb, state: place.state, postcode }) };
  });
  const column = <K extends keyof (typeof places)[number]>(key: K) => places.map((place) => place[key]);
  await timed(`inserting ${options.members.toLocaleString('en-AU')} verified members conv-member<n>@bench.local (none were seeded by npm run seed:scale)`, () =>
    pool.query(
      `insert into users (id, email, password, first_name, last_name, membership_tier, is_email_verified, postcode, state, suburb, location)
       select md5('conv-bench-user-' || g)::uuid, 'conv-member' || g || '@bench.local', $2, 'Member' || g, 'Bench', 'explorer', true,
              ($3::text[])[1 + g % $7::int], ($4::text[])[1 + g % $7::int], ($5::text[])[1 + g % $7::int], ($6::text[])[1 + g % $7::int]
         from generate_series(1, $1::int) g
       on conflict do nothing`,
      [options.members, passwordHash, column('postcode'), column('state'), column('suburb'), column('location'), places.length],
    ),
  );
  await timed('inserting two listings per member on average (skewed: some sellers have many)', () =>
    pool.query(
      `insert into listings (title, description, price, category, location, seller_id, postcode, suburb, state, latitude, longitude)
       select 'Used item ' || g, 'A second-hand item, pickup only.', 5 + (g % 300), 'other', u.location, u.id, u.postcode, u.suburb, u.state,
              ($2::float8[])[1 + s % $4::int], ($3::float8[])[1 + s % $4::int]
         from (select g, 1 + floor(power(random(), 2) * $1::int)::int as s from generate_series(1, $1::int * 2) g) r
         join users u on u.id = md5('conv-bench-user-' || r.s)::uuid
        where not exists (select 1 from listings l where l.seller_id = md5('conv-bench-user-1')::uuid)`,
      [options.members, column('latitude'), column('longitude'), places.length],
    ),
  );
  // The map's per-postcode counts include the new (active) listings.
  await timed('recounting the per-postcode active listings behind the map', () => rebuildPostcodeCounts(drizzle({ client: pool }) as unknown as Database));
}

/** Keeps the conversations the benchmark will write to as they are, to put them back afterwards. */
export async function snapshotConversations(pool: pg.Pool, conversationIds: string[]): Promise<void> {
  await pool.query(
    `create table if not exists ${snapshotTable} as
       select id, last_message_id, last_message_at, buyer_read_up_to, seller_read_up_to, buyer_notified_at, seller_notified_at
         from conversations with no data`,
  );
  await pool.query(
    `insert into ${snapshotTable}
       select id, last_message_id, last_message_at, buyer_read_up_to, seller_read_up_to, buyer_notified_at, seller_notified_at
         from conversations c where c.id = any($1::uuid[]) and not exists (select 1 from ${snapshotTable} s where s.id = c.id)`,
    [conversationIds],
  );
}

/** Deletes the messages a run sent to seeded conversations and puts the conversations back as seeded. */
export async function restoreConversations(pool: pg.Pool, maxSeededMessageId: number): Promise<{ messages: number; conversations: number }> {
  const { rows } = await pool.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [snapshotTable]);
  if (!rows[0].present) return { messages: 0, conversations: 0 };
  const deleted = await pool.query(`delete from messages m using ${snapshotTable} s where m.conversation_id = s.id and m.id > $1`, [maxSeededMessageId]);
  const restored = await pool.query(
    `update conversations c set last_message_id = s.last_message_id, last_message_at = s.last_message_at,
            buyer_read_up_to = s.buyer_read_up_to, seller_read_up_to = s.seller_read_up_to,
            buyer_notified_at = s.buyer_notified_at, seller_notified_at = s.seller_notified_at
       from ${snapshotTable} s where c.id = s.id`,
  );
  await pool.query(`drop table ${snapshotTable}`);
  return { messages: deleted.rowCount ?? 0, conversations: restored.rowCount ?? 0 };
}
