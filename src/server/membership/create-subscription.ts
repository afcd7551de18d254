// POST /api/create-subscription (spec 4 Checkout): Starter switches at once unless the member paid for
// a year that is not over, and so does a cheaper plan: those wait for its end (decision 31); a paid
// tier otherwise starts a subscription whose first payment, confirmed by the provider, changes the tier.
import { and, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import { formatDateAU } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { firstChargeDate, type SubscriptionResponse } from '../../domain/membership';
import { formatCents, tierRules, type PurchasableTier } from '../../domain/tiers';
import type { Queryable } from '../db/open-database';
import { subscriptions, users } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import type { PaymentProvider } from '../services/payment-provider';
import { ensurePaymentCustomer } from './ensure-payment-customer';
import { oneAtATime } from './one-at-a-time';
import { applyPlanLimits, mailListingLimitNotices } from './plan-limits';
import { lockPaidPlan, paidChangeDate, schedulePlanChange } from './schedule-plan-change';

/** A checkout left unpaid is offered again for an hour, so a double click makes one subscription. */
const reuseCheckoutForMs = 60 * 60 * 1000;

type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function createSubscription(
  deps: ServerDeps,
  input: { userId: string; tier: PurchasableTier; confirm?: boolean },
): Promise<SubscriptionResponse> {
  // One plan change at a time per member in this process (a double click makes one checkout or
  // one scheduled change); across app servers the member's row lock and re-checks keep them apart.
  return oneAtATime(`plan:${input.userId}`, async () => {
    if (input.tier !== 'starter') return checkOut(deps, { ...input, tier: input.tier });
    // A year paid for is kept: the move waits for its end. Otherwise, or if the year ended (or a
    // payment landed) between the two looks, the second look decides.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const scheduled = await schedulePlanChange(deps, { userId: input.userId, tier: 'starter' });
      if (scheduled) return scheduled;
      const switched = await switchToStarterNow(deps, input);
      if (switched) return switched;
    }
    throw new Error('the plan kept changing while switching to Starter');
  });
}

/** Starter at once: nothing paid is left to keep. Null when a paid year turned up meanwhile. */
async function switchToStarterNow(deps: ServerDeps, input: { userId: string; confirm?: boolean }): Promise<SubscriptionResponse | null> {
  const { payments } = deps;
  const cancelled = await writeTransaction(deps, async (tx, changes) => {
    const paid = await lockPaidPlan(tx, input.userId);
    if (paidChangeDate(paid, 'starter', deps.clock.now())) return null;
    const [member] = await tx
      .select({ tier: users.membershipTier, trialEndDate: users.trialEndDate, stripeSubscriptionId: users.stripeSubscriptionId })
      .from(users)
      .where(eq(users.id, input.userId));
    // Lifetime is a gift nobody can buy back: it ends only when the member says they mean it.
    if (member.tier === 'lifetime' && input.confirm !== true) throw new AppError('LIFETIME_CHANGE_UNCONFIRMED');
    const active = await tx
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(and(eq(subscriptions.userId, input.userId), inArray(subscriptions.status, ['active', 'trialing', 'past_due'])))
      .returning({ providerSubscriptionId: subscriptions.providerSubscriptionId });
    // Starter already, with nothing to end: nothing changes, so no answer anywhere goes stale.
    const alreadyStarter = member.tier === 'starter' && member.trialEndDate === null && member.stripeSubscriptionId === null;
    if (alreadyStarter && active.length === 0) return { active, noticeStarted: false };
    await tx.update(users).set({ membershipTier: 'starter', trialEndDate: null, stripeSubscriptionId: null }).where(eq(users.id, input.userId));
    const noticeStarted = await applyPlanLimits(tx, input.userId);
    // The tier, and with it what the member's listings show and which of them stay active.
    changes.touch('members', input.userId);
    await touchMemberListings(tx, changes, input.userId);
    return { active, noticeStarted };
  });
  if (!cancelled) return null;
  if (cancelled.noticeStarted) await mailListingLimitNotices(deps, { userIds: [input.userId] });
  for (const subscription of cancelled.active) {
    await payments.cancelSubscription(subscription.providerSubscriptionId).catch((error: unknown) => deps.log.error({ err: error }, 'cancelling a subscription failed'));
  }
  return {
    tier: 'starter',
    status: 'active',
    subscriptionId: null,
    clientSecret: null,
    amountCents: 0,
    provider: payments.kind,
    message: 'You are now on the Starter plan.',
    firstChargeAt: null,
    intent: 'payment',
    scheduledAt: null,
  };
}

/** A paid tier: a cheaper one waits for the end of a paid year; otherwise a checkout, paid now or when the free month ends. */
async function checkOut(deps: ServerDeps, input: { userId: string; tier: Exclude<PurchasableTier, 'starter'> }): Promise<SubscriptionResponse> {
  const { db, payments } = deps;
  const amountCents = tierRules[input.tier].annualPriceCents ?? 0;
  // The provider is called outside any transaction: no row stays locked while Stripe answers.
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  // Lifetime already holds every paid plan's benefits (decision 12).
  if (user.membershipTier === 'lifetime') throw new AppError('PLAN_ALREADY_INCLUDED');
  if (user.membershipTier === input.tier && user.stripeSubscriptionId) throw new AppError('ALREADY_ON_PLAN');
  const scheduled = await schedulePlanChange(deps, { userId: user.id, tier: input.tier });
  if (scheduled) return scheduled;
  const firstChargeAt = firstChargeDate(user, input.tier);
  const pending = await findPendingCheckout(db, { userId: user.id, tier: input.tier, firstChargeAt, now: deps.clock.now() });
  if (pending) return describeCheckout(pending, payments.kind);

  const customerId = payments.kind === 'stripe' ? await ensurePaymentCustomer(deps, { provider: payments, userId: user.id }) : null;
  const created = await payments.createSubscription({ userId: user.id, email: user.email, tier: input.tier, amountCents, customerId, firstChargeAt });
  const stored = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    // Another app server may have started this checkout meanwhile: keep theirs.
    const raced = await findPendingCheckout(tx, { userId: user.id, tier: input.tier, firstChargeAt, now: deps.clock.now() });
    if (raced) return { row: raced, kept: false };
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
        firstChargeAt,
      })
      .returning();
    return { row, kept: true };
  });
  if (!stored.kept) {
    await payments.cancelSubscription(created.providerSubscriptionId).catch((error: unknown) => deps.log.error({ err: error }, 'cancelling a duplicate checkout failed'));
  }
  return describeCheckout(stored.row, payments.kind);
}

/** A checkout left unpaid within the hour, which the member may still pay (charged now or later, as this one would be). */
async function findPendingCheckout(
  db: Queryable,
  { userId, tier, firstChargeAt, now }: { userId: string; tier: PurchasableTier; firstChargeAt: Date | null; now: Date },
): Promise<SubscriptionRow | undefined> {
  const [pending] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.tier, tier),
        eq(subscriptions.status, 'incomplete'),
        gt(subscriptions.createdAt, new Date(now.getTime() - reuseCheckoutForMs)),
        firstChargeAt ? isNotNull(subscriptions.firstChargeAt) : isNull(subscriptions.firstChargeAt),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return pending;
}

function describeCheckout(subscription: SubscriptionRow, provider: PaymentProvider['kind']): SubscriptionResponse {
  const label = tierRules[subscription.tier].label;
  return {
    tier: subscription.tier,
    status: 'incomplete',
    subscriptionId: subscription.id,
    clientSecret: subscription.clientSecret,
    amountCents: subscription.amountCents,
    provider,
    message: subscription.firstChargeAt
      ? `Add your card to keep ${label} after your free month. You'll be charged ${formatCents(subscription.amountCents)} on ${formatDateAU(subscription.firstChargeAt)}.`
      : `Complete the payment to start your ${label} membership.`,
    firstChargeAt: subscription.firstChargeAt?.toISOString() ?? null,
    intent: subscription.firstChargeAt ? 'setup' : 'payment',
    scheduledAt: null,
  };
}
