// One Stripe customer per member, made the first time they check a card or subscribe, and kept in
// users.stripe_customer_id so every later card check and subscription belongs to it.
import { and, eq, isNull } from 'drizzle-orm';
import { users, type UserRow } from '../db/schema';
import type { ServerDeps } from '../deps';
import type { StripePaymentProvider } from '../services/payment-provider';
import { writeTransaction } from '../db/write-transaction';
import { oneAtATime } from './one-at-a-time';

export async function ensurePaymentCustomer(deps: ServerDeps, input: { provider: StripePaymentProvider; userId: string }): Promise<string> {
  const { provider, userId } = input;
  return oneAtATime(`payment-customer:${userId}`, async () => {
    const [user]: UserRow[] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    const created = await provider.createCustomer({ userId, email: user.email, name });
    // Another app server may have won the race: keep the first customer recorded.
    const [stored] = await writeTransaction(deps, async (tx, changes) => {
      changes.touch('members', userId);
      return tx
        .update(users)
        .set({ stripeCustomerId: created })
        .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
        .returning({ customerId: users.stripeCustomerId });
    });
    if (stored?.customerId) return stored.customerId;
    const [winner] = await deps.db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
    return winner.customerId ?? created;
  });
}
