// The operator dashboard's rollup of a range of days in one statement (decision 50) makes, for every
// day, the row the definition of that day gives: counted in Sydney's calendar, across a change of
// daylight saving, with members and listings from before the range standing in its counts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/insights';
import { rollUpDays } from '../../src/server/admin/insights';
import type { DatabaseHandle } from '../../src/server/db/open-database';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;
const from = '2025-04-01';
const to = '2025-04-10';
// Sydney leaves daylight saving at 3 am on 6 April 2025: midnight is 13:00 UTC before, 14:00 UTC after.

/** A small seeded generator: every run draws the same data. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A time around the range (from three days before to two after), often a second either side of a Sydney midnight. */
function timeNear(random: () => number): string {
  const day = addDays(from, Math.floor(random() * 16) - 3);
  const midnightUtcHour = day < '2025-04-06' ? 13 : 14;
  const at = new Date(`${day}T00:00:00Z`);
  if (random() < 0.4) at.setUTCHours(midnightUtcHour, 0, random() < 0.5 ? -1 : 0);
  else at.setUTCMinutes(Math.floor(random() * 24 * 60));
  return at.toISOString();
}

/** One day's row as the dashboard defines it: each count asked of the tables for that day alone. */
async function definitionOf(day: string) {
  const { rows } = await database.db.execute<Record<string, string | number | null>>(sql`
    with b as (select (${day}::date::timestamp at time zone 'Australia/Sydney') as s, ((${day}::date + 1)::timestamp at time zone 'Australia/Sydney') as e)
    select (select count(*) from users u where u.closed_at is null and u.created_at >= b.s and u.created_at < b.e)::int as members_new,
           (select count(*) from users u where u.closed_at is null and u.created_at < b.e and u.membership_tier = 'starter')::int as members_starter,
           (select count(*) from users u where u.closed_at is null and u.created_at < b.e and u.membership_tier = 'explorer')::int as members_explorer,
           (select count(*) from users u where u.closed_at is null and u.created_at < b.e and u.membership_tier = 'connector')::int as members_connector,
           (select count(*) from users u where u.closed_at is null and u.created_at < b.e and u.membership_tier = 'lifetime')::int as members_lifetime,
           (select count(*) from listings l where l.created_at >= b.s and l.created_at < b.e)::int as listings_new,
           (select count(*) from listings l where l.created_at < b.e and (l.sold_at is null or l.sold_at >= b.e))::int as listings_active,
           (select count(*) from messages m where m.created_at >= b.s and m.created_at < b.e)::int as messages,
           (select count(*) from reports r where r.created_at >= b.s and r.created_at < b.e)::int as reports_opened,
           (select count(*) from reports r where r.closed_at >= b.s and r.closed_at < b.e)::int as reports_closed,
           (select round(percentile_cont(0.5) within group (order by extract(epoch from r.closed_at - r.created_at) / 60))::int
              from reports r where r.closed_at >= b.s and r.closed_at < b.e) as report_median_minutes,
           (select count(*) from users u where u.created_at >= b.s and u.created_at < b.e and u.trial_end_date is not null)::int as trials_started,
           (select count(*) from users u where u.created_at >= b.s and u.created_at < b.e and u.trial_end_date is not null
               and exists (select 1 from subscriptions p where p.user_id = u.id and p.status in ('active', 'past_due') and coalesce(p.first_charge_at, p.created_at) <= now()))::int as trials_converted,
           (select coalesce(sum(p.amount_cents), 0) from subscriptions p where p.status in ('active', 'past_due', 'cancelled')
               and coalesce(p.first_charge_at, p.created_at) >= b.s and coalesce(p.first_charge_at, p.created_at) < b.e)::text as revenue_cents
      from b`);
  return { day, ...rows[0] };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const random = randomFrom(20250406);
  const tiers = ['starter', 'explorer', 'connector', 'lifetime'];
  const memberIds: string[] = [];
  for (let index = 0; index < 60; index += 1) {
    const { rows } = await database.db.execute<{ id: string }>(sql`
      insert into users (email, first_name, last_name, membership_tier, created_at, closed_at, trial_end_date)
      values (${`rollup-${index}@example.com`}, 'Roll', 'Up', ${tiers[index % 4]}, ${timeNear(random)}::timestamptz,
              ${random() < 0.15 ? timeNear(random) : null}::timestamptz, ${random() < 0.3 ? '2025-05-01' : null}::timestamptz)
      returning id`);
    memberIds.push(rows[0].id);
  }
  const member = () => memberIds[Math.floor(random() * memberIds.length)];
  for (let index = 0; index < 120; index += 1) {
    const created = timeNear(random);
    // Most sell after they were made; a few carry a sale time before it (a data fix), counted from the making.
    const sold = random() < 0.4 ? timeNear(random) : null;
    await database.db.execute(sql`
      insert into listings (title, description, price, category, location, seller_id, created_at, sold_at, is_active)
      values ('Rollup chair', 'A chair for the rollup.', '10.00', 'furniture', 'Richmond VIC 3121', ${member()}, ${created}::timestamptz, ${sold}::timestamptz, ${sold === null})`);
  }
  const { rows: conversations } = await database.db.execute<{ id: string }>(sql`
    insert into conversations (listing_title, buyer_id, seller_id) values ('Rollup chair', ${memberIds[0]}, ${memberIds[1]}) returning id`);
  for (let index = 0; index < 80; index += 1) {
    await database.db.execute(sql`insert into messages (conversation_id, sender_id, body, created_at) values (${conversations[0].id}, ${memberIds[0]}, 'Still there?', ${timeNear(random)}::timestamptz)`);
  }
  for (let index = 0; index < 40; index += 1) {
    const opened = timeNear(random);
    const closed = random() < 0.7 ? new Date(Date.parse(opened) + Math.floor(random() * 3 * 86_400_000)).toISOString() : null;
    await database.db.execute(sql`
      insert into reports (reporter_id, target_kind, target_id, reason, created_at, closed_at)
      values (${memberIds[index]}, 'member', ${memberIds[index + 1]}, 'scam', ${opened}::timestamptz, ${closed}::timestamptz)`);
  }
  for (let index = 0; index < 30; index += 1) {
    const statuses = ['active', 'past_due', 'cancelled', 'trialing', 'incomplete'];
    await database.db.execute(sql`
      insert into subscriptions (user_id, tier, provider, provider_subscription_id, status, amount_cents, created_at, first_charge_at)
      values (${member()}, 'connector', 'test', ${`sub_rollup_${index}`}, ${statuses[index % 5]}, ${500 + index * 137}, ${timeNear(random)}::timestamptz,
              ${random() < 0.5 ? timeNear(random) : null}::timestamptz)`);
  }
});

afterAll(async () => {
  await database?.close();
});

describe('the operator dashboard’s rollup', () => {
  it('makes every day of a range as the day’s own definition gives it, in one statement', async () => {
    await rollUpDays(database.db, from, to);
    const { rows } = await database.db.execute<Record<string, string | number | null>>(sql`
      select day::text as day, members_new, members_starter, members_explorer, members_connector, members_lifetime, listings_new, listings_active,
             messages, reports_opened, reports_closed, report_median_minutes, trials_started, trials_converted, revenue_cents::text as revenue_cents
        from daily_stats where day between ${from}::date and ${to}::date order by day`);
    const expected = [];
    for (let day = from; day <= to; day = addDays(day, 1)) expected.push(await definitionOf(day));
    expect(rows).toEqual(expected);
    // The data is spread enough to mean something: days differ, and the standing counts move.
    expect(new Set(rows.map((row) => row.listings_active)).size).toBeGreaterThan(3);
    expect(rows.some((row) => row.report_median_minutes !== null) && rows.some((row) => row.report_median_minutes === null)).toBe(true);
    expect(rows.some((row) => row.revenue_cents !== '0')).toBe(true);
  });

  it('makes a day again in place, and a range of one day alone', async () => {
    await database.db.execute(sql`update daily_stats set listings_new = 999 where day = ${'2025-04-06'}::date`);
    await rollUpDays(database.db, '2025-04-06', '2025-04-06');
    const { rows } = await database.db.execute<{ count: number; listings_new: number }>(sql`
      select count(*)::int as count, max(listings_new) as listings_new from daily_stats where day = ${'2025-04-06'}::date`);
    expect(rows[0]).toEqual({ count: 1, listings_new: ((await definitionOf('2025-04-06')) as Record<string, unknown>).listings_new });
  });
});
