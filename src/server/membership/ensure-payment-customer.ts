// One Stripe customer per member, made the first time they check a card or subscribe, and kept in
// users.stripe_customer_id so every later card check and subscription belongs to it.
import { and, eq, isNull } from 'drizzle-orm';
import { users, type UserRow } from '../db/schema';
import type { OperationContext } from '../deps';
import type { StripePaymentProvider } from '../services/payments';
import { oneAtATime } from './one-at-a-time';

export async function ensurePaymentCustomer(context: OperationContext, provider: StripePaymentProvider, userId: string): Promise<string> {
  return oneAtATime(`payment-customer:${userId}`, async () => {
    const [user]: UserRow[] = await context.db.select().from(users).where(eq(users.id, userId));
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    const created = await provider.createCustomer({ userId, email: user.email, name });
    // Another app server may have won the race: keep the first customer recorded.
    const [stored] = await context.db
      .update(users)
      .set({ stripeCustomerId: created })
      .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
      .returning({ customerId: users.stripeCustomerId });
    if (stored?.customerId) return stored.customerId;
    const [winner] = await context.db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
    return winner.customerId ?? created;
  });
}
