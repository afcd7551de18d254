// The hourly upkeep's part of decision 31: the plan changes whose day has come are made, so the
// member's tier, and the notice of a lower listing limit, follow the date the paid year ends. With
// Stripe, its own events (the subscription ending, the renewal at the cheaper price) may come first
// or later: whichever comes second finds nothing left to do. The built-in test provider has no
// billing engine, so its renewal at the cheaper price is charged here, as Stripe would.
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { tierRules } from '../../domain/tiers';
import { subscriptions, users } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { testPaymentEvent } from '../services/payments';
import { deliverPaymentEvent } from './deliver-payment-event';
import { applyScheduledChange, paidStatuses } from './plan-endings';

const yearMs = 365 * 24 * 60 * 60 * 1000;

/** Makes the changes that are due; returns how many, and who must now be told about their listing limit. */
export async function applyDuePlanChanges(deps: ServerDeps, input: { now: Date }): Promise<{ applied: number; limitNotices: string[] }> {
  const { now } = input;
  const due = await deps.db
    .select({ id: subscriptions.id, userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.scheduledTier), lte(subscriptions.currentPeriodEnd, now), inArray(subscriptions.status, [...paidStatuses])))
    .limit(500);
  const limitNotices: string[] = [];
  const renewals: { providerSubscriptionId: string; amountCents: number; periodEndAt: Date }[] = [];
  let applied = 0;
  for (const { id, userId } of due) {
    await writeTransaction(deps, async (tx, changes) => {
      // The member's row, then the subscription's: the order every plan change takes. Checked again
      // under the locks: an undo, an event or another app server may have got there first.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
      if (!subscription) return;
      const result = await applyScheduledChange(tx, changes, subscription, now);
      if (!result.applied) return;
      applied += 1;
      if (result.limitNotice) limitNotices.push(userId);
      const renewsAs = subscription.scheduledTier;
      if (subscription.provider === 'test' && renewsAs && renewsAs !== 'starter' && subscription.currentPeriodEnd) {
        renewals.push({
          providerSubscriptionId: subscription.providerSubscriptionId,
          amountCents: tierRules[renewsAs].annualPriceCents ?? 0,
          periodEndAt: new Date(subscription.currentPeriodEnd.getTime() + yearMs),
        });
      }
    });
  }
  for (const renewal of renewals) {
    await deliverPaymentEvent(deps, testPaymentEvent('invoice.paid', renewal.providerSubscriptionId, { amountCents: renewal.amountCents, periodEndAt: renewal.periodEndAt }));
  }
  return { applied, limitNotices };
}
