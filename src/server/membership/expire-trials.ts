// spec 1: Explorer's free month reverts to Starter when it ends without a subscription.
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { users } from '../db/schema';

export async function expireTrials(db: Database, now = new Date()): Promise<number> {
  const reverted = await db
    .update(users)
    .set({ membershipTier: 'starter', trialEndDate: null })
    .where(and(eq(users.membershipTier, 'explorer'), lte(users.trialEndDate, now), isNull(users.stripeSubscriptionId)))
    .returning({ id: users.id });
  return reverted.length;
}
