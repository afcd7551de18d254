// The operator's dashboard (decision 50): daily rollups made by the hourly job, and the call that
// reads a range of them. The rollup of a day is one statement over the tables themselves, in
// Sydney's calendar; the job makes the last three days again each hour (late writes, a day not yet
// over) and, on its first run, every day since the first member joined.
import { sql } from 'drizzle-orm';
import { adminInsightCsvColumns, adminInsightLimits, insightBucketFor } from '../../domain/admin-insights';
import type { AdminInsights, AdminInsightsQuery } from '../../domain/admin-insights-schemas';
import { addDays, insightDayOf } from '../../domain/insights';
import type { Queryable } from '../db/open-database';
import type { ServerDeps } from '../deps';

/** Makes (or makes again) one day's row. */
export async function rollUpDay(db: Queryable, day: string): Promise<void> {
  await db.execute(sql`
    with b as (select (${day}::date::timestamp at time zone 'Australia/Sydney') as s, ((${day}::date + 1)::timestamp at time zone 'Australia/Sydney') as e),
    members as (
      select count(*) filter (where u.created_at >= b.s) as joined,
             count(*) filter (where u.membership_tier = 'starter') as starter, count(*) filter (where u.membership_tier = 'explorer') as explorer,
             count(*) filter (where u.membership_tier = 'connector') as connector, count(*) filter (where u.membership_tier = 'lifetime') as lifetime
        from users u, b where u.created_at < b.e and u.closed_at is null
    ),
    trials as (
      select count(*) as started,
             count(*) filter (where exists (select 1 from subscriptions p where p.user_id = u.id and p.status in ('active', 'past_due')
                                             and coalesce(p.first_charge_at, p.created_at) <= now())) as converted
        from users u, b where u.created_at >= b.s and u.created_at < b.e and u.trial_end_date is not null
    ),
    closed as (
      select count(*) as closed, percentile_cont(0.5) within group (order by extract(epoch from r.closed_at - r.created_at) / 60) as median
        from reports r, b where r.closed_at >= b.s and r.closed_at < b.e
    )
    insert into daily_stats (day, members_new, members_starter, members_explorer, members_connector, members_lifetime, listings_new, listings_active,
                             messages, reports_opened, reports_closed, report_median_minutes, trials_started, trials_converted, revenue_cents, computed_at)
    select ${day}::date, members.joined, members.starter, members.explorer, members.connector, members.lifetime,
           (select count(*) from listings l where l.created_at >= b.s and l.created_at < b.e),
           (select count(*) from listings l where l.created_at < b.e and (l.sold_at is null or l.sold_at >= b.e)),
           (select count(*) from messages m where m.created_at >= b.s and m.created_at < b.e),
           (select count(*) from reports r where r.created_at >= b.s and r.created_at < b.e),
           closed.closed, round(closed.median)::int, trials.started, trials.converted,
           (select coalesce(sum(p.amount_cents), 0) from subscriptions p
             where p.status in ('active', 'past_due', 'cancelled') and coalesce(p.first_charge_at, p.created_at) >= b.s
               and coalesce(p.first_charge_at, p.created_at) < b.e and coalesce(p.first_charge_at, p.created_at) <= now()),
           now()
      from b, members, trials, closed
    on conflict (day) do update set
      members_new = excluded.members_new, members_starter = excluded.members_starter, members_explorer = excluded.members_explorer,
      members_connector = excluded.members_connector, members_lifetime = excluded.members_lifetime, listings_new = excluded.listings_new,
      listings_active = excluded.listings_active, messages = excluded.messages, reports_opened = excluded.reports_opened,
      reports_closed = excluded.reports_closed, report_median_minutes = excluded.report_median_minutes, trials_started = excluded.trials_started,
      trials_converted = excluded.trials_converted, revenue_cents = excluded.revenue_cents, computed_at = excluded.computed_at`);
}

/**
 * The hourly job: the last three days again, and on the first run every day since the first member
 * joined (at most the longest range the dashboard shows). Returns the days made.
 */
export async function rollUpDailyStats(deps: Pick<ServerDeps, 'db' | 'clock'>): Promise<number> {
  const today = insightDayOf(deps.clock.now());
  const { rows } = await deps.db.execute<{ last: string | null; first: string | null }>(sql`
    select (select max(day)::text from daily_stats) as last,
           (select (min(created_at) at time zone 'Australia/Sydney')::date::text from users) as first`);
  const oldest = addDays(today, 1 - adminInsightLimits.maxDays);
  const start = rows[0]?.last ? addDays(rows[0].last, -2) : (rows[0]?.first ?? today);
  let made = 0;
  for (let day = start < oldest ? oldest : start; day <= today; day = addDays(day, 1)) {
    await rollUpDay(deps.db, day);
    made += 1;
  }
  return made;
}

/** Whole cents (a bigint column or sum) as exact AUD text in SQL: "1234.50". */
const centsText = (cents: string) => sql.raw(`((${cents})::bigint / 100)::text || '.' || lpad(((${cents})::bigint % 100)::text, 2, '0')`);

/**
 * GET /api/admin/insights: the range's points (days up to three months, weeks up to a year, months
 * beyond; the last 90 days without a range), revenue by month, trials, reports and the busiest
 * postcodes, as the JSON text of the answer, made by PostgreSQL in one statement. A chart has no room
 * for 1,100 days, and sending them cost a three-year answer 160 ms at p99.
 */
export async function adminInsightsJson(deps: Pick<ServerDeps, 'db' | 'clock'>, query: AdminInsightsQuery): Promise<string> {
  const to = query.to ?? insightDayOf(deps.clock.now());
  const from = query.from ?? addDays(to, 1 - adminInsightLimits.defaultDays);
  const bucket = insightBucketFor(from, to);
  // Points of the chart: the days themselves, or weeks (Mondays) or months. Counts add up; the
  // snapshots (members by plan, active listings) are the bucket's last day's.
  const start = bucket === 'day' ? sql`day` : sql.raw(`date_trunc('${bucket}', day)::date`);
  const { rows } = await deps.db.execute<{ json: string }>(sql`
    with d as (select *, ${start} as point from daily_stats where day between ${from}::date and ${to}::date),
    p as (
      select point, max(day) as last_day, sum(members_new) as members_new, sum(listings_new) as listings_new, sum(messages) as messages,
             sum(reports_opened) as reports_opened, sum(reports_closed) as reports_closed, sum(trials_started) as trials_started,
             sum(trials_converted) as trials_converted, sum(revenue_cents) as revenue_cents,
             min(report_median_minutes) filter (where day = point and ${bucket} = 'day') as day_median
        from d group by point
    ),
    m as (select to_char(day, 'YYYY-MM') as month, sum(revenue_cents) as cents from d group by 1)
    select json_build_object(
      'from', ${from}::text, 'to', ${to}::text, 'bucket', ${bucket}::text,
      'days', coalesce((select json_agg(json_build_object(
          'date', p.point::text, 'membersNew', p.members_new, 'membersStarter', l.members_starter, 'membersExplorer', l.members_explorer,
          'membersConnector', l.members_connector, 'membersLifetime', l.members_lifetime, 'listingsNew', p.listings_new, 'listingsActive', l.listings_active,
          'messages', p.messages, 'reportsOpened', p.reports_opened, 'reportsClosed', p.reports_closed,
          'reportMedianMinutes', case when ${bucket} = 'day' then p.day_median else (
              select round(percentile_cont(0.5) within group (order by extract(epoch from r.closed_at - r.created_at) / 60))::int from reports r
               where r.closed_at >= (p.point::timestamp at time zone 'Australia/Sydney') and r.closed_at < ((p.last_day + 1)::timestamp at time zone 'Australia/Sydney')) end,
          'trialsStarted', p.trials_started, 'trialsConverted', p.trials_converted, 'revenue', ${centsText('p.revenue_cents')}) order by p.point)
          from p join daily_stats l on l.day = p.last_day), '[]'),
      'revenueByMonth', coalesce((select json_agg(json_build_object('month', month, 'revenue', ${centsText('cents')}) order by month) from m), '[]'),
      'trials', (select json_build_object('started', coalesce(sum(trials_started), 0), 'converted', coalesce(sum(trials_converted), 0),
                   'rate', case when sum(trials_started) > 0 then round(sum(trials_converted)::numeric / sum(trials_started), 3) end) from d),
      -- The median over the reports closed in the range, from the reports themselves (a median of medians is not one).
      'reportMedianMinutes', (select round(percentile_cont(0.5) within group (order by extract(epoch from closed_at - created_at) / 60))::int from reports
                               where closed_at >= (${from}::date::timestamp at time zone 'Australia/Sydney') and closed_at < ((${to}::date + 1)::timestamp at time zone 'Australia/Sydney')),
      'busiestPostcodes', coalesce((select json_agg(json_build_object('postcode', postcode, 'suburb', suburb, 'state', state, 'listings', active_count) order by active_count desc, postcode)
                                      from (select postcode, suburb, state, active_count from postcode_listing_counts where active_count > 0
                                             order by active_count desc, postcode limit ${adminInsightLimits.busiestPostcodes}) busiest), '[]')
    )::text as json`);
  return rows[0].json;
}

/** The range's days as CSV (one row a day, headings first), for a spreadsheet. */
export function adminInsightsCsv(insights: AdminInsights): string {
  const cell = (value: string | number | null) => (value === null ? '' : String(value));
  const lines = [adminInsightCsvColumns.map(([, heading]) => heading).join(',')];
  for (const day of insights.days) lines.push(adminInsightCsvColumns.map(([key]) => cell(day[key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

