// The admin's view of members: list and search, force a verification, gift a tier.
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { adminMessages, verificationTypeLabels, type VerificationType } from '../../domain/admin';
import { suspensionOf } from '../../domain/moderation';
import { AppError } from '../../domain/errors';
import { uuidPattern } from '../../domain/listing';
import { giftedMembershipMessage } from '../../domain/plan-copy';
import type { MembershipTier } from '../../domain/tiers';
import { grantConfiguredAdmin } from '../auth';
import { subscriptions, users } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { applyPlanLimits, mailListingLimitNotices } from '../membership';
import { recordAdminAction } from './record-admin-action';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

export async function listMembers(deps: ServerDeps, query: { search?: string; page: number; pageSize: number }) {
  const { db } = deps;
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = pattern
    ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map((user) => ({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      membershipTier: user.membershipTier,
      isAdmin: user.isAdmin,
      isEmailVerified: user.isEmailVerified,
      isPhoneVerified: user.isPhoneVerified,
      isCardVerified: user.isCardVerified,
      ...suspensionOf(user, deps.clock.now()),
      closedAt: user.closedAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function verifyMember(deps: ServerDeps, input: { actorId: string; userId: string; verificationType: VerificationType }) {
  if (!uuidPattern.test(input.userId)) throw new AppError('MEMBER_NOT_FOUND');
  return writeTransaction(deps, async (tx, changes) => {
    const [user] = await tx
      .update(users)
      .set({ [input.verificationType]: true })
      .where(eq(users.id, input.userId))
      .returning({ id: users.id, email: users.email });
    if (!user) throw new AppError('MEMBER_NOT_FOUND');
    if (input.verificationType === 'isEmailVerified') await grantConfiguredAdmin(tx, deps.config.adminEmails, user.id);
    changes.touch('members', user.id);
    // Their listings show the checks the seller has passed.
    await touchMemberListings(tx, changes, user.id);
    await recordAdminAction(tx, { actorId: input.actorId, action: 'verify_user', targetUserId: user.id, details: { verificationType: input.verificationType } });
    return { message: `${verificationTypeLabels[input.verificationType]} verified for ${user.email}.` };
  });
}

/**
 * A gift replaces whatever the member pays for: their paid subscriptions end here and at the
 * payment provider, so a gifted member is never billed for a plan they no longer hold. The member's
 * row is locked, so a payment event for them applies wholly before or after the gift.
 */
export async function giftMembership(deps: ServerDeps, input: { actorId: string; userEmail: string; membershipTier: MembershipTier }): Promise<{ message: string }> {
  const { message, ended, limitNotices } = await writeTransaction(deps, async (tx, changes) => {
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.userEmail)).for('update');
    if (!member) throw new AppError('MEMBER_NOT_FOUND', adminMessages.unknownUser);
    // A gift is a decision, not a trial: it never reverts on its own.
    const [user] = await tx
      .update(users)
      .set({ membershipTier: input.membershipTier, trialEndDate: null, stripeSubscriptionId: null })
      .where(eq(users.id, member.id))
      .returning({ id: users.id, email: users.email });
    const paid = await tx
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, ['active', 'trialing', 'past_due', 'incomplete'])))
      .returning({ providerSubscriptionId: subscriptions.providerSubscriptionId });
    await recordAdminAction(tx, { actorId: input.actorId, action: 'gift_membership', targetUserId: user.id, details: { membershipTier: input.membershipTier } });
    const noticeStarted = await applyPlanLimits(tx, user.id);
    // The tier, and with it what the member's listings show and which of them stay active.
    changes.touch('members', user.id);
    await touchMemberListings(tx, changes, user.id);
    return { message: giftedMembershipMessage(user.email, input.membershipTier), ended: paid, limitNotices: noticeStarted ? [user.id] : [] };
  });
  for (const subscription of ended) {
    await deps.payments
      .cancelSubscription(subscription.providerSubscriptionId)
      .catch((error: unknown) => deps.log.error({ err: error }, 'cancelling a gifted member’s subscription failed'));
  }
  await mailListingLimitNotices(deps, { userIds: limitNotices });
  return { message };
}
