// Provider events change tiers and verify cards, each applied once (spec 4: the tier changes only
// from a confirmed payment, never from the page). The events are Stripe's, whether Stripe or the
// built-in test provider sent them.
import { and, eq, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../db/open-database';
import { paymentEvents, subscriptions, users } from '../db/schema';
import type { PaymentEvent } from '../services/payments';

export type AppliedOutcome = 'applied' | 'duplicate' | 'ignored';

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
async function applyCardCheck(tx: Transaction, event: PaymentEvent): Promise<AppliedOutcome> {
  const object = event.data.object;
  if (object.status !== 'succeeded' || !object.customer) return 'ignored';
  const verified = await tx
    .update(users)
    .set({ isCardVerified: true })
    .where(and(eq(users.stripeCustomerId, object.customer), eq(users.isCardVerified, false)))
    .returning({ id: users.id });
  return verified.length > 0 ? 'applied' : 'ignored';
}

async function endSubscription(tx: Transaction, subscription: typeof subscriptions.$inferSelect): Promise<AppliedOutcome> {
  await tx.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, subscription.id));
  // Only the member's current plan ending takes them back to Starter.
  await tx
    .update(users)
    .set({ membershipTier: 'starter', stripeSubscriptionId: null })
    .where(and(eq(users.id, subscription.userId), eq(users.stripeSubscriptionId, subscription.providerSubscriptionId)));
  return 'applied';
}

export async function applyPaymentEvent(db: Database, event: PaymentEvent): Promise<{ outcome: AppliedOutcome; replacedSubscriptionIds: string[] }> {
  return db.transaction(async (tx) => {
    const fresh = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (fresh.length === 0) return { outcome: 'duplicate' as const, replacedSubscriptionIds: [] };

    if (event.type === 'setup_intent.succeeded') return { outcome: await applyCardCheck(tx, event), replacedSubscriptionIds: [] };

    const providerId = subscriptionIdOf(event);
    if (!providerId) return { outcome: 'ignored' as const, replacedSubscriptionIds: [] };
    const [owner] = await tx.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerId));
    if (!owner) return { outcome: 'ignored' as const, replacedSubscriptionIds: [] };
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
          return { outcome: 'ignored' as const, replacedSubscriptionIds: [subscription.providerSubscriptionId] };
        }
        const periodEnd = periodEndOf(event);
        await tx.update(subscriptions).set({ status: 'active', currentPeriodEnd: periodEnd }).where(eq(subscriptions.id, subscription.id));
        // An upgrade replaces the member's earlier paid plan.
        const replaced = await tx
          .update(subscriptions)
          .set({ status: 'cancelled' })
          .where(and(eq(subscriptions.userId, subscription.userId), eq(subscriptions.status, 'active'), ne(subscriptions.id, subscription.id)))
          .returning({ providerSubscriptionId: subscriptions.providerSubscriptionId });
        await tx
          .update(users)
          .set({ membershipTier: subscription.tier, stripeSubscriptionId: subscription.providerSubscriptionId, trialEndDate: null })
          .where(eq(users.id, subscription.userId));
        return { outcome: 'applied' as const, replacedSubscriptionIds: replaced.map((row) => row.providerSubscriptionId) };
      }
      case 'invoice.payment_failed': {
        if (subscription.status === 'active') {
          await tx.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.id, subscription.id));
        }
        return { outcome: 'applied' as const, replacedSubscriptionIds: [] };
      }
      case 'customer.subscription.updated': {
        const status = event.data.object.status ?? '';
        if (endedStatuses.has(status)) return { outcome: await endSubscription(tx, subscription), replacedSubscriptionIds: [] };
        if (unpaidStatuses.has(status) && subscription.status === 'active') {
          await tx.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.id, subscription.id));
          return { outcome: 'applied' as const, replacedSubscriptionIds: [] };
        }
        // Becoming active is not enough on its own: the tier follows the paid invoice.
        return { outcome: 'ignored' as const, replacedSubscriptionIds: [] };
      }
      case 'customer.subscription.deleted':
        return { outcome: await endSubscription(tx, subscription), replacedSubscriptionIds: [] };
      default:
        return { outcome: 'ignored' as const, replacedSubscriptionIds: [] };
    }
  });
}
