// Provider events change tiers and verify cards, each applied once (spec 4: the tier changes only
// from a confirmed payment, never from the page). The events are Stripe's, whether Stripe or the
// built-in test provider sent them.
import { and, eq, ne } from 'drizzle-orm';
import type { Transaction } from '../db/open-database';
import { tierRules } from '../../domain/tiers';
import { paymentEvents, subscriptions, users } from '../db/schema';
import { touchMemberListings, writeTransaction, type Changes } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import type { PaymentEvent } from '../services/payment-provider';
import { dueCheaperTier, endSubscription } from './plan-endings';
import { applyPlanLimits } from './plan-limits';

export type AppliedOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * What an event did. `limitNotices`: members whose plan now allows fewer listings, to be told by
 * mail; `confirmedSubscriptionId`: a plan that just started (paid, or card saved for a later first
 * charge), to be confirmed by mail.
 */
export type EventResult = { outcome: AppliedOutcome; replacedSubscriptionIds: string[]; limitNotices: string[]; confirmedSubscriptionId?: string };

const nothingMore = (outcome: AppliedOutcome): EventResult => ({ outcome, replacedSubscriptionIds: [], limitNotices: [] });
const ended = ({ limitNotice }: { limitNotice: boolean }, userId: string): EventResult => ({ outcome: 'applied', replacedSubscriptionIds: [], limitNotices: limitNotice ? [userId] : [] });

function subscriptionIdOf(event: PaymentEvent): string | null {
  const object = event.data.object;
  if (event.type.startsWith('customer.subscription.')) return object.id ?? null;
  return object.subscription ?? object.parent?.subscription_details?.subscription ?? null;
}

/** When the paid year ends: the invoice's subscription line, else (the test provider) the invoice's own end. */
function periodEndOf(event: PaymentEvent): Date | null {
  const ends = (event.data.object.lines?.data ?? []).map((line) => line.period?.end ?? 0);
  const end = Math.max(0, ...ends) || event.data.object.period_end;
  return end ? new Date(end * 1000) : null;
}

/** Stripe's subscription states that mean the plan is over, and those that mean a renewal is unpaid. */
const endedStatuses = new Set(['canceled', 'incomplete_expired']);
const unpaidStatuses = new Set(['past_due', 'unpaid']);

/** spec 4: a card check confirmed by Stripe verifies the card of the member whose customer it is. */
async function applyCardCheck(tx: Transaction, changes: Changes, event: PaymentEvent): Promise<AppliedOutcome> {
  const object = event.data.object;
  if (object.status !== 'succeeded' || !object.customer) return 'ignored';
  const verified = await tx
    .update(users)
    .set({ isCardVerified: true })
    .where(and(eq(users.stripeCustomerId, object.customer), eq(users.isCardVerified, false)))
    .returning({ id: users.id });
  for (const member of verified) {
    changes.touch('members', member.id);
    await touchMemberListings(tx, changes, member.id);
  }
  return verified.length > 0 ? 'applied' : 'ignored';
}

export async function applyPaymentEvent(deps: ServerDeps, event: PaymentEvent): Promise<EventResult> {
  return writeTransaction(deps, async (tx, changes) => {
    const fresh = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (fresh.length === 0) return nothingMore('duplicate');

    if (event.type === 'setup_intent.succeeded') return nothingMore(await applyCardCheck(tx, changes, event));

    const providerId = subscriptionIdOf(event);
    if (!providerId) return nothingMore('ignored');
    const [owner] = await tx.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerId));
    if (!owner) return nothingMore('ignored');
    // The member's row first, then the subscription's: the order every change to both takes (a
    // checkout, a switch to Starter, a gift), so parallel events and gifts queue instead of deadlocking.
    const [member] = await tx.select({ tier: users.membershipTier }).from(users).where(eq(users.id, owner.userId)).for('update');
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerId)).for('update');

    switch (event.type) {
      case 'invoice.paid': {
        // Paid after an admin's gift replaced the plan (or the checkout was ended): the member keeps
        // the gift and the subscription ends, here and (by the caller) at the provider.
        if (subscription.status === 'cancelled' || member.tier === 'lifetime') {
          await tx.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, subscription.id));
          return { outcome: 'ignored', replacedSubscriptionIds: [subscription.providerSubscriptionId], limitNotices: [] };
        }
        // The free month's own invoice ($0, paid at once): the plan starts with the first real charge.
        if (event.data.object.amount_paid === 0 && subscription.firstChargeAt && subscription.firstChargeAt > deps.clock.now()) return nothingMore('ignored');
        const periodEnd = periodEndOf(event);
        // The renewal after the year of a dearer plan, when the member asked for a cheaper one: it
        // renews as that one (decision 31), whether this or the hourly upkeep gets there first.
        const renewsAs = dueCheaperTier(subscription, deps.clock.now());
        const tier = renewsAs ?? subscription.tier;
        await tx
          .update(subscriptions)
          .set({ status: 'active', currentPeriodEnd: periodEnd, ...(renewsAs ? { tier: renewsAs, amountCents: tierRules[renewsAs].annualPriceCents ?? 0, scheduledTier: null } : {}) })
          .where(eq(subscriptions.id, subscription.id));
        // An upgrade replaces the member's earlier paid plan.
        const replaced = await tx
          .update(subscriptions)
          .set({ status: 'cancelled' })
          .where(and(eq(subscriptions.userId, subscription.userId), eq(subscriptions.status, 'active'), ne(subscriptions.id, subscription.id)))
          .returning({ providerSubscriptionId: subscriptions.providerSubscriptionId });
        await tx
          .update(users)
          .set({ membershipTier: tier, stripeSubscriptionId: subscription.providerSubscriptionId, trialEndDate: null })
          .where(eq(users.id, subscription.userId));
        // A bigger plan brings paused listings back; a smaller one gives notice.
        const noticeStarted = await applyPlanLimits(tx, subscription.userId, { now: deps.clock.now() });
        changes.touch('members', subscription.userId);
        await touchMemberListings(tx, changes, subscription.userId);
        return {
          outcome: 'applied',
          replacedSubscriptionIds: replaced.map((row) => row.providerSubscriptionId),
          limitNotices: noticeStarted ? [subscription.userId] : [],
          // The first payment starts the plan; a renewal is no news.
          ...(subscription.status !== 'active' ? { confirmedSubscriptionId: subscription.id } : {}),
        };
      }
      case 'invoice.payment_failed': {
        if (subscription.status === 'active') {
          await tx.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.id, subscription.id));
        }
        return nothingMore('applied');
      }
      case 'customer.subscription.updated': {
        const status = event.data.object.status ?? '';
        if (endedStatuses.has(status)) return ended(await endSubscription(tx, changes, subscription, deps.clock.now()), subscription.userId);
        // The card is saved for a first charge that waits for the free month to end.
        if (status === 'trialing' && event.data.object.default_payment_method && subscription.status === 'incomplete' && subscription.firstChargeAt) {
          if (member.tier === 'lifetime') {
            await tx.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, subscription.id));
            return { outcome: 'ignored', replacedSubscriptionIds: [subscription.providerSubscriptionId], limitNotices: [] };
          }
          await tx.update(subscriptions).set({ status: 'trialing' }).where(eq(subscriptions.id, subscription.id));
          await tx.update(users).set({ stripeSubscriptionId: subscription.providerSubscriptionId }).where(eq(users.id, subscription.userId));
          changes.touch('members', subscription.userId);
          return { outcome: 'applied', replacedSubscriptionIds: [], limitNotices: [], confirmedSubscriptionId: subscription.id };
        }
        if (unpaidStatuses.has(status) && (subscription.status === 'active' || subscription.status === 'trialing')) {
          await tx.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.id, subscription.id));
          return nothingMore('applied');
        }
        // Becoming active is not enough on its own: the tier follows the paid invoice.
        return nothingMore('ignored');
      }
      case 'customer.subscription.deleted':
        return ended(await endSubscription(tx, changes, subscription, deps.clock.now()), subscription.userId);
      default:
        return nothingMore('ignored');
    }
  });
}
