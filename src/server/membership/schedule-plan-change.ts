// A member who paid for a year and asks for Starter or a cheaper plan keeps the year (decision 31):
// the change waits for its end, and can be undone until then. The change is written here first and
// then said in full to the payment provider, which is told again until it has heard the latest
// word, so requests that race (on one app server or several) leave the two agreeing; when the
// provider cannot be reached, the write is taken back and the member sees the error.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { formatDateAU } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import type { SubscriptionResponse } from '../../domain/membership';
import { planChangeDate, scheduledChangeMessages } from '../../domain/scheduled-plan-changes';
import { tierRules, type PurchasableTier } from '../../domain/tiers';
import type { Transaction } from '../db/open-database';
import { subscriptions, users } from '../db/schema';
import { writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { oneAtATime } from './one-at-a-time';
import { paidStatuses } from './plan-endings';

type Subscription = typeof subscriptions.$inferSelect;

/** The member's current paid subscription, locked (the member's row first, as every plan change takes them). */
export async function lockPaidPlan(tx: Transaction, userId: string): Promise<Subscription | undefined> {
  const [member] = await tx.select({ subscriptionId: users.stripeSubscriptionId }).from(users).where(eq(users.id, userId)).for('update');
  if (!member?.subscriptionId) return undefined;
  const [paid] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.providerSubscriptionId, member.subscriptionId), inArray(subscriptions.status, [...paidStatuses])))
    .for('update');
  return paid;
}

/** When a change to `tier` would wait for the end of this paid year, or null for at once. */
export function paidChangeDate(paid: Subscription | undefined, tier: PurchasableTier, now: Date): Date | null {
  return paid ? planChangeDate({ tier: paid.tier, paidUntil: paid.currentPeriodEnd }, tier, now) : null;
}

/**
 * Schedules the move to `tier` for the end of the member's paid year. Returns null when it does not
 * wait (nothing paid is left, or the plan costs more): the caller changes the plan at once.
 * Asking again for the same change changes nothing; asking for another replaces it.
 */
export async function schedulePlanChange(deps: ServerDeps, input: { userId: string; tier: PurchasableTier }): Promise<SubscriptionResponse | null> {
  const planned = await writeTransaction(deps, async (tx) => {
    const paid = await lockPaidPlan(tx, input.userId);
    const changesOn = paidChangeDate(paid, input.tier, deps.clock.now());
    if (!paid || !changesOn) return null;
    if (paid.scheduledTier !== input.tier) await tx.update(subscriptions).set({ scheduledTier: input.tier }).where(eq(subscriptions.id, paid.id));
    return { paid, changesOn };
  });
  if (!planned) return null;
  const { paid, changesOn } = planned;
  await tellProvider(deps, paid.id, { written: input.tier, before: paid.scheduledTier });
  return {
    tier: input.tier,
    status: 'scheduled',
    subscriptionId: paid.id,
    clientSecret: null,
    amountCents: tierRules[input.tier].annualPriceCents ?? 0,
    provider: deps.payments.kind,
    message: scheduledChangeMessages.scheduled(paid.tier, input.tier, formatDateAU(changesOn)),
    firstChargeAt: null,
    intent: 'payment',
    scheduledAt: changesOn.toISOString(),
  };
}

/** The member keeps their plan after all: the change they asked for is undone, until its day. */
export async function undoScheduledChange(deps: ServerDeps, input: { userId: string }): Promise<{ message: string }> {
  // In turn with the member's other plan changes in this process (createSubscription's key).
  return oneAtATime(`plan:${input.userId}`, async () => {
    const paid = await writeTransaction(deps, async (tx) => {
      const current = await lockPaidPlan(tx, input.userId);
      if (!current?.scheduledTier) {
        // After its day: the plan ended with the move to Starter (the ended row keeps the reason).
        const [latest] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, input.userId)).orderBy(desc(subscriptions.createdAt)).limit(1);
        throw new AppError(latest?.status === 'cancelled' && latest.scheduledTier === 'starter' ? 'SCHEDULED_CHANGE_PASSED' : 'NO_SCHEDULED_CHANGE');
      }
      // Its day has come and the upkeep is about to make it: too late to undo.
      if (!current.currentPeriodEnd || current.currentPeriodEnd <= deps.clock.now()) throw new AppError('SCHEDULED_CHANGE_PASSED');
      await tx.update(subscriptions).set({ scheduledTier: null }).where(eq(subscriptions.id, current.id));
      return current;
    });
    await tellProvider(deps, paid.id, { written: null, before: paid.scheduledTier });
    return { message: scheduledChangeMessages.undone(paid.tier, formatDateAU(paid.currentPeriodEnd!)) };
  });
}

/** Rounds of telling the provider before giving up on requests that keep changing the plan meanwhile. */
const providerRounds = 3;

/**
 * Says the subscription's scheduled change, as it now stands here, to the provider, and again if
 * another request changed it meanwhile. If the provider cannot be reached, this request's write is
 * taken back (unless another request has changed it since) and the provider is told that, so
 * neither side holds a change the member was told had failed.
 */
async function tellProvider(deps: ServerDeps, subscriptionId: string, write: { written: PurchasableTier | null; before: PurchasableTier | null }): Promise<void> {
  const read = async () => (await deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0];
  const stillPaid = (row: Subscription | undefined): row is Subscription => row !== undefined && (paidStatuses as readonly string[]).includes(row.status);
  const say = (row: Subscription) =>
    deps.payments.setScheduledChange({ providerSubscriptionId: row.providerSubscriptionId, tier: row.tier, scheduledTier: row.scheduledTier });
  try {
    for (let round = 0; round < providerRounds; round += 1) {
      const told = await read();
      // Ended meanwhile (its day, a gift, an upgrade): there is nothing left to say.
      if (!stillPaid(told)) return;
      await say(told);
      const now = await read();
      if (!stillPaid(now) || (now.scheduledTier === told.scheduledTier && now.tier === told.tier)) return;
    }
  } catch (error) {
    await writeTransaction(deps, async (tx) => {
      await tx
        .update(subscriptions)
        .set({ scheduledTier: write.before })
        .where(and(eq(subscriptions.id, subscriptionId), write.written === null ? isNull(subscriptions.scheduledTier) : eq(subscriptions.scheduledTier, write.written)));
    });
    const restored = await read();
    if (stillPaid(restored)) await say(restored).catch((sayError: unknown) => deps.log.error({ err: sayError }, 'telling the payment provider about a plan change failed'));
    throw error;
  }
}
