// A member reports a listing, a member, a conversation (theirs) or a rating (decision 21). One report
// per reporter and target; a listing reported by three different members with a verified email is
// hidden at once, pending review, and its seller is told why on their dashboard.
import { and, countDistinct, eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { moderationLimits, moderationMessages, type ReportTargetKind } from '../../domain/moderation';
import type { CreateReportBody } from '../../domain/moderation-schemas';
import type { Queryable } from '../db/open-database';
import { conversations, listings, ratings, reports, users, type UserRow } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
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

export async function createReport(deps: ServerDeps, input: { reporter: UserRow; body: CreateReportBody }): Promise<{ id: string; message: string }> {
  const target = targetOf(input.body);
  const id = await writeTransaction(deps, async (tx, changes) => {
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
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!created) throw new AppError('ALREADY_REPORTED');
    if (target.kind === 'listing') await hideWhenReportedEnough(tx, changes, { listingId: target.id, now: deps.clock.now() });
    return created.id;
  });
  return { id, message: moderationMessages.thanks };
}

/** Three different members with a verified email reported it, and it is still open: hidden pending review. */
async function hideWhenReportedEnough(tx: Queryable, changes: Parameters<typeof hideListings>[1], input: { listingId: string; now: Date }): Promise<void> {
  const [{ reporters }] = await tx
    .select({ reporters: countDistinct(reports.reporterId) })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(reports.targetKind, 'listing'), eq(reports.targetId, input.listingId), eq(reports.status, 'open'), eq(users.isEmailVerified, true)));
  if (reporters < moderationLimits.reportsToHideListing) return;
  const [listing] = await tx.select().from(listings).where(eq(listings.id, input.listingId)).for('update');
  if (listing) await hideListings(tx, changes, { listings: [listing], reason: 'reports', now: input.now });
}
