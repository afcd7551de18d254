// A paid plan ending, and a change the member asked for whose day has come (decision 31). Both run
// inside the caller's transaction, with the member's row and then the subscription's locked.
import { and, eq } from 'drizzle-orm';
import { tierRules } from '../../domain/tiers';
import type { Transaction } from '../db/open-database';
import { subscriptions, users } from '../db/schema';
import { touchMemberListings, type Changes } from '../db/write-transaction';
import { applyPlanLimits } from './plan-limits';

type Subscription = typeof subscriptions.$inferSelect;

/** A subscription that still holds a paid year, or a renewal that is due. */
export const paidStatuses = ['active', 'past_due'] as const;

const isPaid = (subscription: Subscription) => (paidStatuses as readonly string[]).includes(subscription.status);

/**
 * The subscription ends; if it is the member's current plan, they go back to Starter. Returns
 * whether notice of a lower listing limit starts now (the caller mails it after commit).
 */
export async function endSubscription(tx: Transaction, changes: Changes, subscription: Subscription, now: Date): Promise<{ limitNotice: boolean }> {
  await tx.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, subscription.id));
  // Only the member's current plan ending takes them back to Starter.
  const ended = await tx
    .update(users)
    .set({ membershipTier: 'starter', stripeSubscriptionId: null })
    .where(and(eq(users.id, subscription.userId), eq(users.stripeSubscriptionId, subscription.providerSubscriptionId)))
    .returning({ id: users.id });
  if (ended.length === 0) return { limitNotice: false };
  const limitNotice = await applyPlanLimits(tx, subscription.userId, { now });
  changes.touch('members', subscription.userId);
  await touchMemberListings(tx, changes, subscription.userId);
  return { limitNotice };
}

/** The cheaper tier a paid subscription renews as once its year is over, or null. */
export function dueCheaperTier(subscription: Subscription, now: Date): Exclude<Subscription['scheduledTier'], 'starter' | null> | null {
  const tier = subscription.scheduledTier;
  if (!tier || tier === 'starter' || !isPaid(subscription) || !subscription.currentPeriodEnd || subscription.currentPeriodEnd > now) return null;
  return tier;
}

/**
 * Makes the change the member asked for once the year they paid for is over: a move to Starter
 * ends the subscription (the ended row keeps `scheduled_tier`, which says why); a cheaper plan
 * becomes the subscription's and the member's tier. Nothing happens before the day, for a
 * subscription that has already ended, or twice. The listing-limit notice starts `now`.
 */
export async function applyScheduledChange(tx: Transaction, changes: Changes, subscription: Subscription, now: Date): Promise<{ applied: boolean; limitNotice: boolean }> {
  if (!subscription.scheduledTier || !isPaid(subscription) || !subscription.currentPeriodEnd || subscription.currentPeriodEnd > now) {
    return { applied: false, limitNotice: false };
  }
  if (subscription.scheduledTier === 'starter') return { applied: true, ...(await endSubscription(tx, changes, subscription, now)) };
  const tier = subscription.scheduledTier;
  await tx
    .update(subscriptions)
    .set({ tier, amountCents: tierRules[tier].annualPriceCents ?? 0, scheduledTier: null })
    .where(eq(subscriptions.id, subscription.id));
  const moved = await tx
    .update(users)
    .set({ membershipTier: tier })
    .where(and(eq(users.id, subscription.userId), eq(users.stripeSubscriptionId, subscription.providerSubscriptionId)))
    .returning({ id: users.id });
  if (moved.length === 0) return { applied: true, limitNotice: false };
  const limitNotice = await applyPlanLimits(tx, subscription.userId, { now });
  changes.touch('members', subscription.userId);
  await touchMemberListings(tx, changes, subscription.userId);
  return { applied: true, limitNotice };
}
