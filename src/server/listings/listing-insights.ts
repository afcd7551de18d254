// GET /api/my-listings/:id/insights (decision 48): how one of the seller's listings is doing, day
// by day over the chart's days, in Sydney's calendar. One statement reads the three counts, each
// off its own index (views by listing and day, saves and conversations by listing).
import { sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { addDays, type InsightDay, insightDayOf, insightLimits } from '../../domain/insights';
import { uuidPattern } from '../../domain/listing';
import type { ListingInsights } from '../../domain/listing-schemas';
import type { Queryable } from '../db/open-database';
import type { ServerDeps } from '../deps';
import { listingNotFound, missingListing } from './get-listing';

type CountRow = { kind: 'views' | 'saves' | 'conversations'; day: string; count: number };

/** The listing's counts a day from `from` (YYYY-MM-DD) on, for any reader of insights (the page, the weekly mail). */
export async function dailyCounts(db: Queryable, listingIds: readonly string[], from: string): Promise<Map<string, Map<string, InsightDay>>> {
  if (listingIds.length === 0) return new Map();
  const { rows } = await db.execute<CountRow & { listing_id: string }>(sql`
    select listing_id, 'views' as kind, day::text as day, count(*)::int as count
      from listing_views where listing_id = any(${sql.param(listingIds)}::uuid[]) and day >= ${from}::date group by listing_id, day
    union all
    select listing_id, 'saves', (created_at at time zone 'Australia/Sydney')::date::text, count(*)::int
      from favourites where listing_id = any(${sql.param(listingIds)}::uuid[]) and created_at >= (${from}::date::timestamp at time zone 'Australia/Sydney')
     group by listing_id, 3
    union all
    select listing_id, 'conversations', (created_at at time zone 'Australia/Sydney')::date::text, count(*)::int
      from conversations where listing_id = any(${sql.param(listingIds)}::uuid[]) and created_at >= (${from}::date::timestamp at time zone 'Australia/Sydney')
     group by listing_id, 3`);
  const byListing = new Map<string, Map<string, InsightDay>>();
  for (const row of rows) {
    const days = byListing.get(row.listing_id) ?? new Map<string, InsightDay>();
    byListing.set(row.listing_id, days);
    const day = days.get(row.day) ?? { date: row.day, views: 0, saves: 0, conversations: 0 };
    day[row.kind] += Number(row.count);
    days.set(row.day, day);
  }
  return byListing;
}

/** The `count` days up to and including `today` (YYYY-MM-DD), oldest first. */
export function daysUpTo(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(today, index + 1 - count));
}

export async function getListingInsights(deps: Pick<ServerDeps, 'db' | 'clock'>, input: { listingId: string; ownerId: string }): Promise<ListingInsights> {
  if (!uuidPattern.test(input.listingId)) throw listingNotFound();
  const { rows } = await deps.db.execute<{ seller_id: string }>(sql`select seller_id from listings where id = ${input.listingId}`);
  if (!rows[0]) throw await missingListing(deps.db, input.listingId);
  if (rows[0].seller_id !== input.ownerId) throw new AppError('NOT_YOUR_LISTING');
  const dates = daysUpTo(insightDayOf(deps.clock.now()), insightLimits.chartDays);
  const counts = (await dailyCounts(deps.db, [input.listingId], dates[0])).get(input.listingId) ?? new Map<string, InsightDay>();
  const days = dates.map((date) => counts.get(date) ?? { date, views: 0, saves: 0, conversations: 0 });
  const totals = days.reduce((sum, day) => ({ views: sum.views + day.views, saves: sum.saves + day.saves, conversations: sum.conversations + day.conversations }), { views: 0, saves: 0, conversations: 0 });
  return { listingId: input.listingId, days, totals };
}
