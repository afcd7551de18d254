// POST /api/create-subscription (spec 4 Checkout): Starter switches at once; a paid tier starts a
// subscription whose first payment, confirmed by the provider, changes the tier.
import { and, desc, eq, gt } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { membershipMessages, type SubscriptionResponse } from '../../domain/membership';
import { tierRules, type PurchasableTier } from '../../domain/tiers';
import { subscriptions, users } from '../db/schema';
import type { OperationContext } from '../deps';

/** A checkout left unpaid is offered again for an hour, so a double click makes one subscription. */
const reuseCheckoutForMs = 60 * 60 * 1000;

export async function createSubscription(context: OperationContext, input: { userId: string; tier: PurchasableTier }): Promise<SubscriptionResponse> {
  const { db, payments } = context;
  const rules = tierRules[input.tier];
  const amountCents = rules.annualPriceCents ?? 0;

  if (input.tier === 'starter') {
    const cancelled = await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
      const active = await tx
        .update(subscriptions)
        .set({ status: 'cancelled' })
        .where(and(eq(subscriptions.userId, input.userId), eq(subscriptions.status, 'active')))
        .returning({ providerSubscriptionId: subscriptions.providerSubscriptionId });
      await tx.update(users).set({ membershipTier: 'starter', trialEndDate: null, stripeSubscriptionId: null }).where(eq(users.id, input.userId));
      return active;
    });
    for (const subscription of cancelled) {
      await payments.cancelSubscription(subscription.providerSubscriptionId).catch((error: unknown) => context.log.error({ err: error }, 'cancelling a subscription failed'));
    }
    return { tier: 'starter', status: 'active', subscriptionId: null, clientSecret: null, amountCents: 0, provider: payments.kind, message: 'You are now on the Starter plan.' };
  }

  return db.transaction(async (tx) => {
    // One checkout at a time per member: the row lock serialises double clicks.
    const [user] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    if (user.membershipTier === input.tier && user.stripeSubscriptionId) throw new AppError('CONFLICT', membershipMessages.alreadyOnTier);
    const [pending] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, user.id),
          eq(subscriptions.tier, input.tier),
          eq(subscriptions.status, 'incomplete'),
          gt(subscriptions.createdAt, new Date(Date.now() - reuseCheckoutForMs)),
        ),
      )
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    const subscription =
      pending ??
      (await (async () => {
        const created = await payments.createSubscription({ userId: user.id, email: user.email, tier: input.tier, amountCents });
        const [row] = await tx
          .insert(subscriptions)
          .values({
            userId: user.id,
            tier: input.tier,
            provider: payments.kind,
            providerSubscriptionId: created.providerSubscriptionId,
            clientSecret: created.clientSecret,
            status: 'incomplete',
            amountCents,
          })
          .returning();
        return row;
      })());
    return {
      tier: input.tier,
      status: 'incomplete' as const,
      subscriptionId: subscription.id,
      clientSecret: subscription.clientSecret,
      amountCents,
      provider: payments.kind,
      message: `Complete the payment to start your ${rules.label} membership.`,
    };
  });
}
