// The operator's dashboard (decision 50): daily rollups made by the hourly job, and the call that
// reads a range of them. The rollup of a day is one statement over the tables themselves, in
// Sydney's calendar; the job makes the last three days again each hour (late writes, a day not yet
// over) and, on its first run, every day since the first member joined.
import { and, asc, between, desc, sql } from 'drizzle-orm';
import { adminInsightCsvColumns, adminInsightLimits } from '../../domain/admin-insights';
import type { AdminInsightDay, AdminInsights, AdminInsightsQuery } from '../../domain/admin-insights-schemas';
import { insightDayOf } from '../../domain/insights';
import type { Queryable } from '../db/open-database';
import { dailyStats, postcodeListingCounts } from '../db/schema';
import type { ServerDeps } from '../deps';

/** The day after a YYYY-MM-DD day. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

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
  const oldest = daysBefore(today, adminInsightLimits.maxDays - 1);
  const start = rows[0]?.last ? daysBefore(rows[0].last, 2) : (rows[0]?.first ?? today);
  let made = 0;
  for (let day = start < oldest ? oldest : start; day <= today; day = nextDay(day)) {
    await rollUpDay(deps.db, day);
    made += 1;
  }
  return made;
}

function dayOf(row: typeof dailyStats.$inferSelect): AdminInsightDay {
  return {
    date: row.day,
    membersNew: row.membersNew,
    membersStarter: row.membersStarter,
    membersExplorer: row.membersExplorer,
    membersConnector: row.membersConnector,
    membersLifetime: row.membersLifetime,
    listingsNew: row.listingsNew,
    listingsActive: row.listingsActive,
    messages: row.messages,
    reportsOpened: row.reportsOpened,
    reportsClosed: row.reportsClosed,
    reportMedianMinutes: row.reportMedianMinutes,
    trialsStarted: row.trialsStarted,
    trialsConverted: row.trialsConverted,
    revenue: centsText(row.revenueCents),
  };
}

/** Whole cents as exact AUD text ("1234.50"), never through a float. */
function centsText(cents: bigint): string {
  const whole = cents / 100n;
  const rest = (cents % 100n).toString().padStart(2, '0');
  return `${whole}.${rest}`;
}

/** GET /api/admin/insights: the range's days (the last 90 without one), revenue by month, trials, reports and the busiest postcodes. */
export async function getAdminInsights(deps: Pick<ServerDeps, 'db' | 'clock'>, query: AdminInsightsQuery): Promise<AdminInsights> {
  const to = query.to ?? insightDayOf(deps.clock.now());
  const from = query.from ?? daysBefore(to, adminInsightLimits.defaultDays - 1);
  const rows = await deps.db.select().from(dailyStats).where(between(dailyStats.day, from, to)).orderBy(asc(dailyStats.day));
  const months = new Map<string, bigint>();
  for (const row of rows) months.set(row.day.slice(0, 7), (months.get(row.day.slice(0, 7)) ?? 0n) + row.revenueCents);
  const started = rows.reduce((sum, row) => sum + row.trialsStarted, 0);
  const converted = rows.reduce((sum, row) => sum + row.trialsConverted, 0);
  // The median over the reports closed in the range, from the reports themselves (a median of medians is not one).
  const { rows: median } = await deps.db.execute<{ minutes: number | null }>(sql`
    select round(percentile_cont(0.5) within group (order by extract(epoch from closed_at - created_at) / 60))::int as minutes
      from reports where closed_at >= (${from}::date::timestamp at time zone 'Australia/Sydney') and closed_at < ((${to}::date + 1)::timestamp at time zone 'Australia/Sydney')`);
  const busiest = await deps.db
    .select({ postcode: postcodeListingCounts.postcode, suburb: postcodeListingCounts.suburb, state: postcodeListingCounts.state, listings: postcodeListingCounts.activeCount })
    .from(postcodeListingCounts)
    .where(and(sql`${postcodeListingCounts.activeCount} > 0`))
    .orderBy(desc(postcodeListingCounts.activeCount), asc(postcodeListingCounts.postcode))
    .limit(adminInsightLimits.busiestPostcodes);
  return {
    from,
    to,
    days: rows.map(dayOf),
    revenueByMonth: [...months.entries()].map(([month, cents]) => ({ month, revenue: centsText(cents) })),
    trials: { started, converted, rate: started === 0 ? null : Math.round((converted / started) * 1000) / 1000 },
    reportMedianMinutes: median[0]?.minutes === null || median[0]?.minutes === undefined ? null : Number(median[0].minutes),
    busiestPostcodes: busiest,
  };
}

/** The range's days as CSV (one row a day, headings first), for a spreadsheet. */
export function adminInsightsCsv(insights: AdminInsights): string {
  const cell = (value: string | number | null) => (value === null ? '' : String(value));
  const lines = [adminInsightCsvColumns.map(([, heading]) => heading).join(',')];
  for (const day of insights.days) lines.push(adminInsightCsvColumns.map(([key]) => cell(day[key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

