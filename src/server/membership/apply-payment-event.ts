// Provider events change tiers, each applied once (spec 4: the tier changes only from a confirmed
// payment, never from the page).
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { paymentEvents, subscriptions, users } from '../db/schema';
import type { PaymentEvent } from '../services/payments';

export type AppliedOutcome = 'applied' | 'duplicate' | 'ignored';

function subscriptionIdOf(event: PaymentEvent): string | null {
  const object = event.data.object;
  if (event.type.startsWith('customer.subscription.')) return object.id ?? null;
  return object.subscription ?? null;
}

export async function applyPaymentEvent(db: Database, event: PaymentEvent): Promise<{ outcome: AppliedOutcome; replacedSubscriptionIds: string[] }> {
  return db.transaction(async (tx) => {
    const fresh = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (fresh.length === 0) return { outcome: 'duplicate' as const, replacedSubscriptionIds: [] };

    const providerId = subscriptionIdOf(event);
    if (!providerId) return { outcome: 'ignored' as const, replacedSubscriptionIds: [] };
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerId)).for('update');
    if (!subscription) return { outcome: 'ignored' as const, replacedSubscriptionIds: [] };
    // Lock the member so parallel events for one member apply one after another.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, subscription.userId)).for('update');

    switch (event.type) {
      case 'invoice.paid': {
        const periodEnd = event.data.object.period_end ? new Date(event.data.object.period_end * 1000) : null;
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
      case 'customer.subscription.deleted': {
        await tx.update(subscriptions).set({ status: 'cancelled' }).where(eq(subscriptions.id, subscription.id));
        // Only the member's current plan ending takes them back to Starter.
        await tx
          .update(users)
          .set({ membershipTier: 'starter', stripeSubscriptionId: null })
          .where(and(eq(users.id, subscription.userId), eq(users.stripeSubscriptionId, subscription.providerSubscriptionId)));
        return { outcome: 'applied' as const, replacedSubscriptionIds: [] };
      }
      default:
        return { outcome: 'ignored' as const, replacedSubscriptionIds: [] };
    }
  });
}
