// GET /api/membership and cancelling a first charge that has not happened yet.
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { formatDateAU } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { planChargeMessages, type MembershipStatus } from '../../domain/membership';
import type { Queryable } from '../db/open-database';
import { subscriptions, users } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';

export async function getMembershipStatus(deps: ServerDeps, input: { userId: string }): Promise<MembershipStatus> {
  const { userId } = input;
  const [current] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['trialing', 'active', 'past_due'])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!current || current.status === 'incomplete' || current.status === 'cancelled') return { subscription: null };
  const trialing = current.status === 'trialing';
  // A change the member asked for happens when the paid year ends (decision 31); a move to Starter means it does not renew.
  const scheduledTier = trialing ? null : current.scheduledTier;
  const periodEnd = current.currentPeriodEnd?.toISOString() ?? null;
  return {
    subscription: {
      tier: current.tier,
      status: current.status,
      amountCents: current.amountCents,
      firstChargeAt: trialing ? (current.firstChargeAt?.toISOString() ?? null) : null,
      renewsAt: trialing || scheduledTier === 'starter' ? null : periodEnd,
      scheduledTier,
      scheduledAt: scheduledTier ? periodEnd : null,
    },
  };
}

/**
 * Cancels a plan whose first charge waits for the end of the free month: nothing is charged, and
 * the member keeps the free month (then goes back to Starter, as without a checkout). The
 * provider is told first: if it cannot be reached, nothing changes here and the member can retry.
 */
export async function cancelUpcomingCharge(deps: ServerDeps, input: { userId: string }): Promise<{ message: string }> {
  const { userId } = input;
  const [trialing] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'trialing')))
    .limit(1);
  if (!trialing) throw new AppError('NO_UPCOMING_CHARGE');
  await deps.payments.cancelSubscription(trialing.providerSubscriptionId);
  const trialEndDate = await writeTransaction(deps, async (tx, changes) => {
    const [member] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    changes.touch('members', userId);
    await tx.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, trialing.id));
    await tx
      .update(users)
      .set({ stripeSubscriptionId: null })
      .where(and(eq(users.id, userId), eq(users.stripeSubscriptionId, trialing.providerSubscriptionId)));
    return member.trialEndDate ?? trialing.firstChargeAt ?? deps.clock.now();
  });
  return { message: planChargeMessages.cancelledBeforeCharge(trialing.tier, formatDateAU(trialEndDate)) };
}

/** The built-in test provider has no billing engine: the free months that ended are charged here, as Stripe would. */
export async function dueTestCharges(db: Queryable, now: Date): Promise<string[]> {
  const due = await db
    .select({ providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, 'test'), eq(subscriptions.status, 'trialing'), lte(subscriptions.firstChargeAt, now)));
  return due.map((row) => row.providerSubscriptionId);
}
