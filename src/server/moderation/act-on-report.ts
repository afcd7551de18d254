// An admin's action on a report (decision 21): dismiss, hide the listing, warn the member (a mail
// with the reason), suspend them for 7 days, 30 days or for good, or remove a rating. The action
// closes every open report about the same thing and goes into the audit log, in one transaction.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { moderationMail, moderationMessages, type ModerationAction } from '../../domain/moderation';
import type { ModerationActionBody } from '../../domain/moderation-schemas';
import { recordAdminAction, type AdminAction } from '../admin';
import { listings, ratings, reports, users, type UserRow } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import type { MailMessage } from '../services/mail';
import { hideListings, showListing } from './hide-listings';
import { liftSuspensionIn, suspendMemberIn } from './suspension';

const dayMs = 24 * 60 * 60 * 1000;

const auditActions: Record<ModerationAction, AdminAction> = {
  dismiss: 'report_dismiss',
  'hide-listing': 'report_hide_listing',
  warn: 'report_warn',
  suspend: 'report_suspend',
  'remove-rating': 'report_remove_rating',
};

export async function actOnReport(deps: ServerDeps, input: { admin: UserRow; reportId: string; body: ModerationActionBody }): Promise<{ message: string }> {
  if (!uuidPattern.test(input.reportId)) throw new AppError('REPORT_NOT_FOUND');
  const { action, reason } = input.body;
  const now = deps.clock.now();
  const mails: MailMessage[] = [];
  await writeTransaction(deps, async (tx, changes) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, input.reportId)).for('update');
    if (!report) throw new AppError('REPORT_NOT_FOUND');
    if (report.status !== 'open') throw new AppError('REPORT_CLOSED');
    const [member] = report.targetMemberId ? await tx.select().from(users).where(eq(users.id, report.targetMemberId)) : [];

    switch (action) {
      case 'dismiss':
        break;
      case 'hide-listing': {
        if (report.targetKind !== 'listing') throw new AppError('ACTION_NOT_FOR_TARGET');
        const [listing] = await tx.select().from(listings).where(eq(listings.id, report.targetId)).for('update');
        if (!listing) throw new AppError('REPORT_TARGET_NOT_FOUND');
        if (listing.hiddenReason === 'reports') {
          // Hidden pending review already: the review confirms it.
          await tx.update(listings).set({ hiddenReason: 'moderator' }).where(eq(listings.id, listing.id));
          changes.touchListing(listing);
        } else {
          await hideListings(tx, changes, { listings: [listing], reason: 'moderator', now });
        }
        if (member) mails.push({ to: member.email, subject: moderationMail.listingHiddenSubject(listing.title), text: moderationMail.listingHiddenText(member.firstName, listing.title, reason) });
        break;
      }
      case 'warn':
        if (!member) throw new AppError('ACTION_NOT_FOR_TARGET');
        mails.push({ to: member.email, subject: moderationMail.warningSubject, text: moderationMail.warningText(member.firstName, reason) });
        break;
      case 'suspend': {
        if (!member) throw new AppError('ACTION_NOT_FOR_TARGET');
        const until = input.body.days ? new Date(now.getTime() + input.body.days * dayMs) : null;
        await suspendMemberIn(tx, changes, { memberId: member.id, until, reason, now });
        mails.push({ to: member.email, subject: moderationMail.suspendedSubject, text: moderationMail.suspendedText(member.firstName, reason, until) });
        break;
      }
      case 'remove-rating': {
        if (report.targetKind !== 'rating') throw new AppError('ACTION_NOT_FOR_TARGET');
        const [removed] = await tx
          .update(ratings)
          .set({ removedAt: now })
          .where(and(eq(ratings.id, report.targetId), isNull(ratings.removedAt)))
          .returning();
        if (removed) {
          await tx
            .update(users)
            .set({ ratingSum: sql`${users.ratingSum} - ${removed.stars}`, ratingCount: sql`${users.ratingCount} - 1` })
            .where(eq(users.id, removed.rateeId));
          changes.touch('members', removed.rateeId);
          // Cards show the seller's rating: their listings' answers are stale.
          await touchMemberListings(tx, changes, removed.rateeId);
        }
        break;
      }
    }

    // A reported listing hidden pending review comes back when its reports are dismissed.
    if (action === 'dismiss' && report.targetKind === 'listing') {
      const [listing] = await tx.select().from(listings).where(eq(listings.id, report.targetId)).for('update');
      if (listing?.hiddenReason === 'reports') await showListing(tx, changes, listing);
    }

    await tx
      .update(reports)
      .set({ status: 'closed', action, closedBy: input.admin.id, closedAt: now })
      .where(and(eq(reports.targetKind, report.targetKind), eq(reports.targetId, report.targetId), eq(reports.status, 'open')));
    await recordAdminAction(tx, {
      actorId: input.admin.id,
      action: auditActions[action],
      targetUserId: member?.id ?? null,
      details: { reportId: report.id, targetKind: report.targetKind, targetId: report.targetId, reason, ...(action === 'suspend' ? { days: input.body.days ?? null } : {}) },
    });
  });
  for (const mail of mails) await deps.mail.send(mail);
  return { message: moderationMessages.actionDone };
}

/** An admin lifts a member's suspension (from the queue, or the member list). */
export async function liftSuspension(deps: ServerDeps, input: { admin: UserRow; memberId: string }): Promise<{ message: string }> {
  if (!uuidPattern.test(input.memberId)) throw new AppError('MEMBER_NOT_FOUND');
  await writeTransaction(deps, async (tx, changes) => {
    if (!(await liftSuspensionIn(tx, changes, input.memberId))) throw new AppError('MEMBER_NOT_SUSPENDED');
    await recordAdminAction(tx, { actorId: input.admin.id, action: 'lift_suspension', targetUserId: input.memberId });
  });
  return { message: moderationMessages.suspensionLifted };
}
