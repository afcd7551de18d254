// spec 1: Explorer's free month reverts to Starter when it ends without a subscription.
import { and, eq, isNull, lte } from 'drizzle-orm';
import { users } from '../db/schema';
import { touchMemberListings, writeTransaction } from '../db/write-transaction';
import type { ServerDeps } from '../deps';
import { applyPlanLimits } from './plan-limits';

/** Ends the free months that are over; returns who went back to Starter and who must now choose listings to keep. */
export async function expireTrials(deps: ServerDeps, input: { now?: Date } = {}): Promise<{ reverted: number; limitNotices: string[] }> {
  const now = input.now ?? deps.clock.now();
  const over = and(eq(users.membershipTier, 'explorer'), lte(users.trialEndDate, now), isNull(users.stripeSubscriptionId));
  const due = await deps.db.select({ id: users.id }).from(users).where(over);
  const limitNotices: string[] = [];
  let reverted = 0;
  for (const { id } of due) {
    await writeTransaction(deps, async (tx, changes) => {
      // Checked again under the lock: a checkout may have landed meanwhile.
      const [member] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, id), over)).for('update');
      if (!member) return;
      await tx.update(users).set({ membershipTier: 'starter', trialEndDate: null }).where(eq(users.id, id));
      reverted += 1;
      if (await applyPlanLimits(tx, id, { now })) limitNotices.push(id);
      changes.touch('members', id);
      await touchMemberListings(tx, changes, id);
    });
  }
  return { reverted, limitNotices };
}
