// The operator's dashboard (decision 50): daily rollups made by the hourly job, and the call that
// reads a range of them. The rollup of a range of days is one statement over the tables themselves,
// in Sydney's calendar; the job makes the last three days again each hour (late writes, a day not yet
// over) and, on its first run, every day since the first member joined.
import { sql } from 'drizzle-orm';
import { adminInsightCsvColumns, adminInsightLimits, daysInRange, insightBucketFor } from '../../domain/admin-insights';
import type { AdminInsights, AdminInsightsQuery } from '../../domain/admin-insights-schemas';
import { addDays, insightDayOf } from '../../domain/insights';
import type { Queryable } from '../db/open-database';
import type { ServerDeps } from '../deps';

const sydney = sql.raw(`'Australia/Sydney'`);
/** The day in Sydney's calendar a timestamp column falls on. */
const dayOfColumn = (column: string) => sql`(${sql.raw(column)} at time zone ${sydney})::date`;

/**
 * Makes (or makes again) the rows of the days from `from` to `to`, in one statement that reads each
 * table once: every row is counted on its own day (grouped), and the standing counts (members by
 * plan, active listings) add the days up. Day by day, a first rollup read every listing once for
 * each of the 730 days since the first member joined (at 1,000,000 listings, 0.7 s a day).
 */
export async function rollUpDays(db: Queryable, from: string, to: string): Promise<void> {
  // Rows from before the range are counted on the day before it, which the standing counts add up and no row is made for.
  const before = sql`(${from}::date - 1)`;
  const onDay = (column: string) => sql`greatest(${dayOfColumn(column)}, ${before})`;
  await db.execute(sql`
    with days as (
      select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') as d
    ),
    bounds as (select (${from}::date::timestamp at time zone ${sydney}) as s, ((${to}::date + 1)::timestamp at time zone ${sydney}) as e),
    member_days as (
      select ${onDay('u.created_at')} as day, count(*) as joined,
             count(*) filter (where u.membership_tier = 'starter') as starter, count(*) filter (where u.membership_tier = 'explorer') as explorer,
             count(*) filter (where u.membership_tier = 'connector') as connector, count(*) filter (where u.membership_tier = 'lifetime') as lifetime
        from users u, bounds where u.created_at < bounds.e and u.closed_at is null group by 1
    ),
    -- A listing stands from the day it was made until the day it sold (a sale before its making counts on the making day).
    listing_days as (
      select day, sum(made) as made, sum(gone) as gone from (
        select ${onDay('l.created_at')} as day, 1 as made, 0 as gone from listings l, bounds where l.created_at < bounds.e
        union all
        select ${onDay('greatest(l.created_at, l.sold_at)')}, 0, 1 from listings l, bounds where l.sold_at is not null and greatest(l.created_at, l.sold_at) < bounds.e
      ) as changes group by day
    ),
    standing as (
      select all_days.day,
             coalesce(member_days.joined, 0) as members_new,
             sum(coalesce(member_days.starter, 0)) over running as starter, sum(coalesce(member_days.explorer, 0)) over running as explorer,
             sum(coalesce(member_days.connector, 0)) over running as connector, sum(coalesce(member_days.lifetime, 0)) over running as lifetime,
             coalesce(listing_days.made, 0) as listings_new,
             sum(coalesce(listing_days.made, 0) - coalesce(listing_days.gone, 0)) over running as listings_active
        from (select day from days union all select ${before}) as all_days
        left join member_days on member_days.day = all_days.day
        left join listing_days on listing_days.day = all_days.day
      window running as (order by all_days.day)
    ),
    message_days as (
      select ${dayOfColumn('m.created_at')} as day, count(*) as messages from messages m, bounds where m.created_at >= bounds.s and m.created_at < bounds.e group by 1
    ),
    opened_days as (
      select ${dayOfColumn('r.created_at')} as day, count(*) as opened from reports r, bounds where r.created_at >= bounds.s and r.created_at < bounds.e group by 1
    ),
    closed_days as (
      select ${dayOfColumn('r.closed_at')} as day, count(*) as closed,
             percentile_cont(0.5) within group (order by extract(epoch from r.closed_at - r.created_at) / 60) as median
        from reports r, bounds where r.closed_at >= bounds.s and r.closed_at < bounds.e group by 1
    ),
    trial_days as (
      select ${dayOfColumn('u.created_at')} as day, count(*) as started,
             count(*) filter (where exists (select 1 from subscriptions p where p.user_id = u.id and p.status in ('active', 'past_due')
                                             and coalesce(p.first_charge_at, p.created_at) <= now())) as converted
        from users u, bounds where u.created_at >= bounds.s and u.created_at < bounds.e and u.trial_end_date is not null group by 1
    ),
    revenue_days as (
      select ${dayOfColumn('coalesce(p.first_charge_at, p.created_at)')} as day, sum(p.amount_cents) as cents
        from subscriptions p, bounds
       where p.status in ('active', 'past_due', 'cancelled') and coalesce(p.first_charge_at, p.created_at) >= bounds.s
         and coalesce(p.first_charge_at, p.created_at) < bounds.e and coalesce(p.first_charge_at, p.created_at) <= now()
       group by 1
    )
    insert into daily_stats (day, members_new, members_starter, members_explorer, members_connector, members_lifetime, listings_new, listings_active,
                             messages, reports_opened, reports_closed, report_median_minutes, trials_started, trials_converted, revenue_cents, computed_at)
    select days.day, standing.members_new, standing.starter, standing.explorer, standing.connector, standing.lifetime,
           standing.listings_new, standing.listings_active, coalesce(message_days.messages, 0), coalesce(opened_days.opened, 0),
           coalesce(closed_days.closed, 0), round(closed_days.median)::int, coalesce(trial_days.started, 0), coalesce(trial_days.converted, 0),
           coalesce(revenue_days.cents, 0), now()
      from days
      join standing on standing.day = days.day
      left join message_days on message_days.day = days.day
      left join opened_days on opened_days.day = days.day
      left join closed_days on closed_days.day = days.day
      left join trial_days on trial_days.day = days.day
      left join revenue_days on revenue_days.day = days.day
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
  const from = start < oldest ? oldest : start;
  if (from > today) return 0;
  await rollUpDays(deps.db, from, today);
  return daysInRange(from, today);
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

