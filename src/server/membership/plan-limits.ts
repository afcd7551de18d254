// What a plan promises, held when the plan changes (decision 12). A plan with fewer listings
// than the member has active gives notice first; when it passes (or the member chooses) the
// listings over the limit are paused: out of browse, search and the map, never deleted, and
// back when a plan makes room again. A plan without pinned posts releases the pin.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { listingLimitNotice, planLimitMessages, planLimitNoticeDays } from '../../domain/membership';
import { rulesForTier } from '../../domain/tiers';
import type { Queryable } from '../db/open-database';
import { listings, users } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { changePostcodeCount } from '../map';

/**
 * Settles a member's listings with their plan, inside the transaction that changed the plan (the
 * member's row already locked). Returns true when notice starts now: the caller mails it after commit.
 * `restorePaused: false` (a listing sold or deleted) ends a notice that no longer applies but
 * leaves paused listings paused: they come back with a plan change, not with a sale.
 */
export async function applyPlanLimits(tx: Queryable, userId: string, options: { now?: Date; restorePaused?: boolean } = {}): Promise<boolean> {
  const now = options.now ?? new Date();
  const [member] = await tx.select().from(users).where(eq(users.id, userId));
  if (!member) return false;
  const rules = rulesForTier(member.membershipTier);
  if (rules.pinnedPosts === 0) {
    await tx.update(listings).set({ pinnedAt: null }).where(and(eq(listings.sellerId, userId), isNotNull(listings.pinnedAt)));
  }
  const limit = rules.listingLimit ?? Number.POSITIVE_INFINITY;
  const [{ active }] = await tx.select({ active: count() }).from(listings).where(and(eq(listings.sellerId, userId), eq(listings.isActive, true)));
  if (active > limit) {
    if (member.listingLimitNoticeAt) return false;
    await tx.update(users).set({ listingLimitNoticeAt: now }).where(eq(users.id, userId));
    return true;
  }
  if (member.listingLimitNoticeAt) await tx.update(users).set({ listingLimitNoticeAt: null }).where(eq(users.id, userId));
  // Room again: paused listings come back, newest first.
  const room = limit - active;
  if (room <= 0 || options.restorePaused === false) return false;
  const paused = await tx
    .select()
    .from(listings)
    .where(and(eq(listings.sellerId, userId), isNotNull(listings.pausedAt)))
    .orderBy(desc(listings.createdAt))
    .limit(Number.isFinite(room) ? room : 1000);
  for (const listing of paused) {
    await tx.update(listings).set({ isActive: true, pausedAt: null }).where(eq(listings.id, listing.id));
    await changePostcodeCount(tx, listing, 1);
  }
  return false;
}

/**
 * Pauses a member's active listings beyond their plan's limit: all but `keepIds` when the member
 * chose, else all but the newest. The member's row must be locked by the caller's transaction.
 */
async function pauseListingsOverLimit(tx: Queryable, userId: string, keepIds: string[] | null, now: Date): Promise<void> {
  const [member] = await tx.select().from(users).where(eq(users.id, userId));
  const limit = rulesForTier(member.membershipTier).listingLimit;
  const active = await tx
    .select()
    .from(listings)
    .where(and(eq(listings.sellerId, userId), eq(listings.isActive, true)))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  let kept: Set<string>;
  if (keepIds) {
    const mine = new Set(active.map((listing) => listing.id));
    if (keepIds.some((id) => !mine.has(id))) throw new AppError('NOT_YOUR_ACTIVE_LISTING');
    kept = new Set(keepIds);
    if (limit !== null && kept.size > limit) throw new AppError('LISTING_LIMIT_REACHED', planLimitMessages.tooManyKept(limit), { listingLimit: limit, membershipTier: member.membershipTier });
  } else {
    kept = new Set(active.slice(0, limit ?? active.length).map((listing) => listing.id));
  }
  for (const listing of active) {
    if (kept.has(listing.id)) continue;
    await tx.update(listings).set({ isActive: false, pausedAt: now, pinnedAt: null }).where(eq(listings.id, listing.id));
    await changePostcodeCount(tx, listing, -1);
  }
  await tx.update(users).set({ listingLimitNoticeAt: null }).where(eq(users.id, userId));
}

/** The member chose which listings stay active: the others are paused now. */
export async function keepActiveListings(deps: ServerDeps, input: { userId: string; listingIds: string[] }): Promise<{ message: string }> {
  await writeTransaction(deps, async (tx, changes) => {
    const [member] = await tx.select({ noticeAt: users.listingLimitNoticeAt }).from(users).where(eq(users.id, input.userId)).for('update');
    // Only a plan that allows fewer listings asks for a choice; otherwise there is nothing to pause.
    if (!member?.noticeAt) throw new AppError('NO_PLAN_NOTICE');
    await pauseListingsOverLimit(tx, input.userId, [...new Set(input.listingIds)], deps.clock.now());
    changes.touch('members', input.userId);
    await touchMemberListings(tx, changes, input.userId);
  });
  return { message: planLimitMessages.settled };
}

/** The notice has run out for these members: their newest listings stay, the rest are paused. Returns how many members. */
export async function pauseOverdueListings(deps: ServerDeps, input: { now?: Date } = {}): Promise<number> {
  const now = input.now ?? deps.clock.now();
  const cutoff = new Date(now.getTime() - planLimitNoticeDays * 24 * 60 * 60 * 1000);
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(lte(users.listingLimitNoticeAt, cutoff))
    .orderBy(asc(users.listingLimitNoticeAt))
    .limit(500);
  for (const { id } of due) {
    await writeTransaction(deps, async (tx, changes) => {
      const [member] = await tx.select({ noticeAt: users.listingLimitNoticeAt }).from(users).where(eq(users.id, id)).for('update');
      // Settled meanwhile (chosen, upgraded) by another request or app server.
      if (!member?.noticeAt || member.noticeAt > cutoff) return;
      await pauseListingsOverLimit(tx, id, null, now);
      changes.touch('members', id);
      await touchMemberListings(tx, changes, id);
    });
  }
  return due.length;
}

/** Mails the notice that just started for these members. */
export async function mailListingLimitNotices(deps: ServerDeps, input: { userIds: string[] }): Promise<void> {
  const { userIds } = input;
  if (userIds.length === 0) return;
  const members = await deps.db.select().from(users).where(and(inArray(users.id, userIds), isNotNull(users.listingLimitNoticeAt)));
  for (const member of members) {
    const [{ active }] = await deps.db.select({ active: count() }).from(listings).where(and(eq(listings.sellerId, member.id), eq(listings.isActive, true), isNull(listings.pausedAt)));
    await deps.mail.send({
      to: member.email,
      subject: 'Choose which of your listings stay active',
      text: [
        `G'day ${member.firstName ?? 'Mate'},`,
        '',
        listingLimitNotice({ tier: rulesForTier(member.membershipTier).tier, activeCount: active, noticeAt: member.listingLimitNoticeAt! }),
        '',
        `Choose on your dashboard: ${deps.config.publicUrl}/dashboard`,
        `Or upgrade to keep them all: ${deps.config.publicUrl}/membership-plans`,
      ].join('\n'),
    });
  }
}
