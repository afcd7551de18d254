// A member reports a listing, a member, a conversation (theirs) or a rating (decision 21). One report
// per reporter and target. A listing reported by three members who have earned trust, on three
// different networks, is hidden at once, pending review, and its seller is mailed and can ask for a
// review (decision 26); other reports wait in the queue, ranked by their reporters' trust.
import { createHmac } from 'node:crypto';
import { and, count, countDistinct, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { hasEarnedReportTrust, moderationLimits, moderationMail, moderationMessages, type ReportTargetKind } from '../../domain/moderation';
import type { CreateReportBody } from '../../domain/moderation-schemas';
import type { Queryable } from '../db/open-database';
import { conversations, listings, ratings, reports, users, type ListingRow, type UserRow } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { addressGroup } from '../http/address-group';
import { hideListings } from './hide-listings';

type Target = { kind: ReportTargetKind; id: string };

function targetOf(body: CreateReportBody): Target {
  if (body.listingId !== undefined) return { kind: 'listing', id: body.listingId };
  if (body.memberId !== undefined) return { kind: 'member', id: body.memberId };
  if (body.conversationId !== undefined) return { kind: 'conversation', id: body.conversationId };
  return { kind: 'rating', id: body.ratingId! };
}

/** The member a report is about (null for a conversation: either side may be at fault), after checking the target may be reported by this member. */
async function memberReported(tx: Queryable, reporter: UserRow, target: Target): Promise<string | null> {
  if (!uuidPattern.test(target.id)) throw new AppError('REPORT_TARGET_NOT_FOUND');
  switch (target.kind) {
    case 'listing': {
      const [listing] = await tx.select({ sellerId: listings.sellerId }).from(listings).where(eq(listings.id, target.id));
      if (!listing) throw new AppError('REPORT_TARGET_NOT_FOUND');
      if (listing.sellerId === reporter.id) throw new AppError('REPORT_OWN');
      return listing.sellerId;
    }
    case 'member': {
      const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, target.id));
      if (!member) throw new AppError('REPORT_TARGET_NOT_FOUND');
      if (member.id === reporter.id) throw new AppError('REPORT_OWN');
      return member.id;
    }
    case 'conversation': {
      const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, target.id));
      // Another pair's conversation is not found, as everywhere else (conversation-access.ts).
      if (!conversation || (conversation.buyerId !== reporter.id && conversation.sellerId !== reporter.id)) {
        throw new AppError('REPORT_TARGET_NOT_FOUND', moderationMessages.notYourConversation);
      }
      return conversation.buyerId === reporter.id ? conversation.sellerId : conversation.buyerId;
    }
    case 'rating': {
      const [rating] = await tx.select({ raterId: ratings.raterId, removedAt: ratings.removedAt }).from(ratings).where(eq(ratings.id, target.id));
      if (!rating || rating.removedAt) throw new AppError('REPORT_TARGET_NOT_FOUND');
      if (rating.raterId === reporter.id) throw new AppError('REPORT_OWN');
      return rating.raterId;
    }
  }
}

/** The reporter's network (their address; an IPv6 client's /64), keyed so the table holds no address. */
function networkOf(secret: string, address: string): string {
  return createHmac('sha256', secret).update(addressGroup(address)).digest('hex').slice(0, 32);
}

async function reporterIsTrusted(tx: Queryable, reporter: UserRow, now: Date): Promise<boolean> {
  const [{ completedExchanges }] = await tx
    .select({ completedExchanges: count() })
    .from(ratings)
    .where(and(eq(ratings.rateeId, reporter.id), isNull(ratings.removedAt)));
  return hasEarnedReportTrust({ ...reporter, completedExchanges }, now);
}

export async function createReport(deps: ServerDeps, input: { reporter: UserRow; address: string; body: CreateReportBody }): Promise<{ id: string; message: string }> {
  const target = targetOf(input.body);
  const now = deps.clock.now();
  const hidden = await writeTransaction(deps, async (tx, changes) => {
    const targetMemberId = await memberReported(tx, input.reporter, target);
    const [created] = await tx
      .insert(reports)
      .values({
        reporterId: input.reporter.id,
        targetKind: target.kind,
        targetId: target.id,
        targetMemberId,
        reason: input.body.reason,
        details: input.body.details ? input.body.details : null,
        reporterTrusted: await reporterIsTrusted(tx, input.reporter, now),
        reporterNetwork: networkOf(deps.config.appSecret, input.address),
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!created) throw new AppError('ALREADY_REPORTED');
    const hiddenNow = target.kind === 'listing' ? await hideWhenReportedEnough(tx, changes, { listingId: target.id, now }) : null;
    return { reportId: created.id, listing: hiddenNow };
  });
  if (hidden.listing) await mailHiddenByReports(deps, hidden.listing);
  return { id: hidden.reportId, message: moderationMessages.thanks };
}

/**
 * Trusted members on three different networks reported it, and their reports are open: hidden
 * pending review. Returns the listing when this report hid it.
 */
async function hideWhenReportedEnough(tx: Queryable, changes: Parameters<typeof hideListings>[1], input: { listingId: string; now: Date }): Promise<ListingRow | null> {
  const [{ networks }] = await tx
    .select({ networks: countDistinct(reports.reporterNetwork) })
    .from(reports)
    .where(and(eq(reports.targetKind, 'listing'), eq(reports.targetId, input.listingId), eq(reports.status, 'open'), eq(reports.reporterTrusted, true)));
  if (networks < moderationLimits.reportsToHideListing) return null;
  const [listing] = await tx.select().from(listings).where(eq(listings.id, input.listingId)).for('update');
  if (!listing) return null;
  const [hidden] = await hideListings(tx, changes, { listings: [listing], reason: 'reports', now: input.now });
  return hidden ?? null;
}

/** The seller hears why their listing went, and how to ask for a review. */
async function mailHiddenByReports(deps: ServerDeps, listing: ListingRow): Promise<void> {
  const [seller] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, listing.sellerId));
  if (!seller) return;
  await deps.mail.send({
    to: seller.email,
    subject: moderationMail.listingHiddenSubject(listing.title),
    text: moderationMail.hiddenByReportsText(seller.firstName, listing.title, `${deps.config.publicUrl}/dashboard`),
  });
}
