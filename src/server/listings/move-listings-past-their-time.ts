// The hourly upkeep of listing times (decision 34): a listing whose plan's listing time has passed
// since it was listed or renewed moves below the listings still within theirs (its rank goes a century
// back), and its seller gets the one mail that says so and how to renew. A listing is moved once per
// listing time: only listings still ranked at their listing are looked at, so a second run, or a second
// server, finds nothing to mail again; a renewal ranks it at its new listing and its time starts again.
import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { renewalReminderMail } from '../../domain/listing-times';
import { membershipTiers, tierRules } from '../../domain/tiers';
import { listings, users } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';

const batchSize = 200;
/** A rank this far back is one the upkeep moved: such listings are not looked at again. */
const movedRankBefore = sql`interval '50 years'`;
const shortestListingTimeDays = Math.min(...membershipTiers.map((tier) => tierRules[tier].listingTimeDays));

/** The seller's plan's listing time in days, as SQL (an unknown tier is Starter's, spec 9). */
function listingTimeDaysOf(tier: SQL | typeof users.membershipTier): SQL {
  const cases = membershipTiers.map((name) => sql`when ${name} then ${tierRules[name].listingTimeDays}::int`);
  return sql`(case ${tier} ${sql.join(cases, sql` `)} else ${tierRules.starter.listingTimeDays}::int end)`;
}

type Reminder = { email: string; firstName: string | null; title: string; days: number };

/** Moves the listings whose time has passed by `now` and mails their sellers. Says how many. */
export async function moveListingsPastTheirTime(deps: ServerDeps, input: { now?: Date } = {}): Promise<number> {
  const now = (input.now ?? deps.clock.now()).toISOString();
  const daysBefore = (days: SQL | number) => sql`${now}::timestamptz - make_interval(days => ${days})`;
  let moved = 0;
  for (;;) {
    const reminders = await writeTransaction(deps, async (tx, changes) => {
      const due = await tx
        .select({
          id: listings.id,
          title: listings.title,
          postcode: listings.postcode,
          state: listings.state,
          sellerId: listings.sellerId,
          email: users.email,
          firstName: users.firstName,
          days: listingTimeDaysOf(users.membershipTier).mapWith(Number),
        })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.sellerId))
        .where(
          and(
            eq(listings.isActive, true),
            // Still ranked at its listing, and listed before the shortest listing time: a range of the newest-first index.
            eq(listings.rankedAt, listings.listedAt),
            lte(listings.rankedAt, daysBefore(shortestListingTimeDays)),
            gt(listings.rankedAt, sql`${now}::timestamptz - ${movedRankBefore}`),
            lte(listings.listedAt, daysBefore(listingTimeDaysOf(users.membershipTier))),
          ),
        )
        .orderBy(asc(listings.rankedAt))
        .limit(batchSize)
        // A renewal in progress holds its listing: it is left for the next run, which will not find it due.
        .for('update', { of: listings, skipLocked: true });
      if (due.length === 0) return [];
      await tx
        .update(listings)
        .set({ rankedAt: sql`${listings.listedAt} - interval '100 years'` })
        .where(inArray(listings.id, due.map((listing) => listing.id)));
      for (const listing of due) changes.touchListing(listing);
      return due.map((listing): Reminder => ({ email: listing.email, firstName: listing.firstName, title: listing.title, days: listing.days }));
    });
    // After the commit: a mail is never sent for a move that did not happen.
    for (const reminder of reminders) {
      await deps.mail.send({ to: reminder.email, ...renewalReminderMail({ ...reminder, dashboardUrl: `${deps.config.publicUrl}/dashboard` }) });
    }
    moved += reminders.length;
    if (reminders.length < batchSize) return moved;
  }
}
