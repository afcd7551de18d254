// The weekly summary of how a seller's listings did (decision 48): on Monday morning, each member
// with listings for sale and the summary on hears of last week's views, saves and conversations,
// their busiest listings first. A week with nothing to tell sends nothing. Each member is claimed
// for the week in one statement (insights_mailed_for), so however many servers run the job, each
// summary goes once.
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { addDays, describeWeek, insightDayOf, insightMessages } from '../../domain/insights';
import { productName } from '../../domain/product';
import { greetingName } from '../../domain/user';
import { listings, users } from '../db/schema';
import type { ServerDeps } from '../deps';
import { dailyCounts, daysUpTo } from './listing-insights';

/** The most listings one summary names; the dashboard has the rest. */
const listingsPerMail = 10;

/** The Monday (YYYY-MM-DD) of the week `day` falls in. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return addDays(day, -((date.getUTCDay() + 6) % 7));
}

export async function mailWeeklyInsights(deps: Pick<ServerDeps, 'db' | 'mail' | 'config' | 'clock' | 'log'>, input: { batch?: number } = {}): Promise<number> {
  const today = insightDayOf(deps.clock.now());
  const week = mondayOf(today);
  // The seven days before this Monday.
  const lastWeek = daysUpTo(addDays(week, -1), 7);
  let mailed = 0;
  for (;;) {
    // Members with the summary on, a listing for sale, and no summary this week yet: claimed a batch at a time.
    const claimed = await deps.db
      .update(users)
      .set({ insightsMailedFor: week })
      .where(
        and(
          inArray(
            users.id,
            sql`(select u.id from ${users} u
                  where u.insights_mail and u.closed_at is null and (u.insights_mailed_for is null or u.insights_mailed_for <> ${week}::date)
                    and exists (select 1 from ${listings} l where l.seller_id = u.id and l.is_active)
                  limit ${input.batch ?? 200})`,
          ),
          or(isNull(users.insightsMailedFor), ne(users.insightsMailedFor, week)),
        ),
      )
      .returning();
    if (claimed.length === 0) break;
    for (const member of claimed) {
      const own = await deps.db
        .select({ id: listings.id, title: listings.title })
        .from(listings)
        .where(and(eq(listings.sellerId, member.id), eq(listings.isActive, true)));
      const counts = await dailyCounts(deps.db, own.map((listing) => listing.id), lastWeek[0]);
      const weekly = own
        .map((listing) => {
          const days = [...(counts.get(listing.id)?.values() ?? [])].filter((day) => lastWeek.includes(day.date));
          return {
            title: listing.title,
            views: days.reduce((sum, day) => sum + day.views, 0),
            saves: days.reduce((sum, day) => sum + day.saves, 0),
            conversations: days.reduce((sum, day) => sum + day.conversations, 0),
          };
        })
        .filter((listing) => listing.views + listing.saves + listing.conversations > 0)
        .sort((a, b) => b.views + 3 * b.saves + 5 * b.conversations - (a.views + 3 * a.saves + 5 * a.conversations));
      if (weekly.length === 0) continue;
      try {
        await deps.mail.send({
          to: member.email,
          subject: insightMessages.mailSubject,
          text: [
            `G'day ${greetingName(member)},`,
            '',
            'Here is how your listings did over the last seven days:',
            '',
            ...weekly.slice(0, listingsPerMail).map((listing) => `- ${listing.title}: ${describeWeek(listing)}`),
            ...(weekly.length > listingsPerMail ? [`- and ${weekly.length - listingsPerMail} more on your dashboard`] : []),
            '',
            'See each listing day by day on your dashboard:',
            `${deps.config.publicUrl}/dashboard`,
            '',
            'You can turn this weekly email off on your account page:',
            `${deps.config.publicUrl}/account`,
            '',
            `The ${productName} team`,
          ].join('\n'),
        });
        mailed += 1;
      } catch (error) {
        deps.log.warn({ err: error }, 'weekly listing summary mail failed');
      }
    }
  }
  return mailed;
}

/** Views past the chart's reach are pruned (the upkeep, hourly): the table holds about three months. */
export async function pruneListingViews(deps: Pick<ServerDeps, 'db' | 'clock'>, keepDays: number): Promise<number> {
  const oldest = daysUpTo(insightDayOf(deps.clock.now()), keepDays)[0];
  const result = await deps.db.execute(sql`delete from listing_views where day < ${oldest}::date`);
  return result.rowCount ?? 0;
}
